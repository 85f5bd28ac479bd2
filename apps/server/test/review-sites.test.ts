import { configResponseSchema, SocialType } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';

describe.each(databases())('survey.config review sites on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const surveyOf = async (slug: string) => {
    const r = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=surveys',
      headers: web(slug),
    });
    expect(r.status).toBe(200);
    return configResponseSchema.parse(r.body.data).surveys?.[0];
  };

  it('the demo bistro asks for reviews on TripAdvisor, Google and Facebook (https pages)', async () => {
    const survey = await surveyOf('demo-bistro');
    expect(survey?.reviewSites.map((site) => site.type)).toEqual([
      SocialType.TRIPADVISOR,
      SocialType.GOOGLE,
      SocialType.FACEBOOK,
    ]);
    expect(survey?.reviewSites.every((site) => site.url.startsWith('https://'))).toBe(true);
  });

  it('a survey without review sites answers an empty list', async () => {
    expect((await surveyOf('demo-cafe'))?.reviewSites).toEqual([]);
  });
});
