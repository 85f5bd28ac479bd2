import { checkBranches, checkCheckinConfig } from '@venue-voice/client';
import { branchListingSchema, webConfigResponseSchema } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { type Harness, startHarness } from './harness';

// The client's hand checks of the first guest screen (decision 0078) against the real server's demo
// answers: they must read the same values as the domain's schemas, which stay the contract.
describe.each(databases())('check-in hand checks on the demo answers, $name', (target) => {
  let harness: Harness;
  let baseUrl: string;

  beforeAll(async () => {
    harness = await startHarness(target);
    baseUrl = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => harness?.close());

  const data = async (path: string, slug: string) => {
    const response = await fetch(`${baseUrl}/api/v1/survey/${path}`, {
      headers: { 'X-Auth-Type': 'web', 'X-Client-Id': 'contract', 'X-Survey-Slug': slug },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: unknown }).data;
  };

  it.each(['demo-bistro', 'demo-cafe'])('reads survey.config of %s as the schema does', async (slug) => {
    const answer = await data('config?edge=core,surveys,questions,data_capture,demographics,statics', slug);
    const full = webConfigResponseSchema.parse(answer);
    const hand = checkCheckinConfig(answer);
    expect(hand.ok).toBe(true);
    if (!hand.ok) return;
    expect(hand.value.core).toStrictEqual(full.core);
    expect(hand.value.statics).toStrictEqual(full.statics);
    expect(hand.value.surveys?.length).toBe(full.surveys?.length);
    hand.value.surveys?.forEach((survey, i) => {
      const { templateId, name, templateLocale, eposEnabled, showPinScreen, tableNumberEntry } = survey;
      const { aboutVisitEnabled, averageServiceTime, branding } = survey;
      expect(full.surveys?.[i]).toMatchObject({
        templateId,
        name,
        templateLocale,
        eposEnabled,
        showPinScreen,
        tableNumberEntry,
        aboutVisitEnabled,
        averageServiceTime,
      });
      expect(branding).toStrictEqual(full.surveys?.[i]?.branding);
    });
    // What the hand check leaves unchecked is the answer as it came, for the full parse later.
    expect(webConfigResponseSchema.parse(hand.value)).toStrictEqual(full);
  });

  it('reads survey.branch with and without a position as the schema does', async () => {
    for (const query of ['branch', 'branch?latitude=53.48&longitude=-2.24']) {
      const answer = await data(query, 'demo-bistro');
      const hand = checkBranches(answer);
      expect(hand.ok && hand.value.branches).toStrictEqual(
        branchListingSchema.array().parse((answer as { branches: unknown }).branches),
      );
    }
  });
});
