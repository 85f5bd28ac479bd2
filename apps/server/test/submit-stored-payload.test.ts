import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../src/db/schema';
import { databases } from './databases';
import { type Harness, startHarness } from './harness';
import { create, createPayload } from './submit-fixtures';

/**
 * The statement receives each payload as the canonical text its hash was made from (not stringified a
 * second time): what is stored must still be the very payload sent, alone or grouped with others.
 */
describe.each(databases())('the stored payload of a create on $name', (target) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(() => h?.close());

  const stored = async (id: number) =>
    (
      await h.database.db.select({ payload: responses.payload }).from(responses).where(eq(responses.id, id))
    )[0]?.payload;

  it('is the payload sent, with escapes, non-ASCII text and fractions', async () => {
    const payload = createPayload({
      userAgent: 'Tab\t"quoted" \\ back-slash, ünïcödé, 日本語, emoji 🍲, line\nbreak',
      // Only the spec's URL parameters are taken (D3.17), so the quotes are in a value, the names unsorted.
      urlParams: { urlSrc: 'z', account: 'a', branchId: '1', guestRef: 'ref with "quotes" \\ é' },
      answers: {
        questions: [{ id: 102, answer: { text: '</script><b>é</b>\u2028' } }],
        // A fraction of a score; createPayload puts the survey's own (rounded) CSAT beside it (D3.15).
        indicators: [{ id: 1, score: 4.25 }],
        csatScore: null,
        npsScore: null,
      },
    });
    const res = await create(h.app, payload);
    expect(res.status).toBe(200);
    expect(await stored(res.body.data.id)).toEqual(payload);
  });

  it('keeps the overall-experience services of an answer (extra.services, decision 0176)', async () => {
    const payload = createPayload({
      questionMap: [110, 126],
      answers: {
        questions: [
          {
            id: 110,
            answer: { extra: { menuInsight: [{ ref: '1013', aspectRatingId: 3, reasons: [1] }] } },
          },
          {
            id: 126,
            answer: {
              extra: {
                services: [
                  {
                    id: 'food',
                    answers: [
                      { id: 'score', value: 5 },
                      { id: 'liked', value: [1, 3] },
                      { id: 'comment', value: 'Lovely' },
                    ],
                  },
                ],
              },
            },
          },
        ],
        indicators: [{ id: 1, score: 4 }],
        csatScore: null,
        npsScore: null,
      },
    });
    const res = await create(h.app, payload);
    expect(res.status).toBe(200);
    expect(await stored(res.body.data.id)).toEqual(payload);
  });

  it('each create of a group keeps its own payload', async () => {
    // Each shows one more question of demo-bistro's, left unanswered.
    const shown = [103, 104, 110, 120, 121, 122, 123, 125];
    const payloads = shown.map((id, i) =>
      createPayload({ userAgent: `agent ${i}`, questionMap: [101, 102, id] }),
    );
    const answers = await Promise.all(payloads.map((payload) => create(h.app, payload)));
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      expect(await stored(res.body.data.id)).toEqual(payloads[i]);
    }
  });
});
