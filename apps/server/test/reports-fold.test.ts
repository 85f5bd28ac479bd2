import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import { foldResponses } from '../src/services/reports/fold';
import { insertResponses, type NewResponse } from '../src/services/responses/insert-responses';
import { databases } from './databases';
import { type Harness, NOW, startHarness } from './harness';

// Days no demo response uses, so the rollups read here are this test's alone.
const DAY = '2019-03-04';
const NEXT = '2019-03-05';

function response(
  branchId: number,
  day: string,
  answers: Record<string, unknown>,
  extra: object = {},
): NewResponse {
  const payload = { visitDatetime: `${day} 19:30:00`, answers, ...extra };
  return {
    row: {
      companyId: 1,
      branchId,
      surveyId: 1,
      guid: randomUUID(),
      payloadHash: 'h',
      payload,
      visitDatetime: `${day} 19:30:00`,
      authType: 'web',
      csatScore: (answers.csatScore as number | null) ?? null,
      npsScore: (answers.npsScore as number | null) ?? null,
      staffId: (extra as { staffId?: number }).staffId ?? null,
      triggerComplaint: (extra as { complaint?: boolean }).complaint ?? false,
      language: 'en-gb',
    },
    draw: null,
  };
}

const dish = (ref: string, aspectRatingId: number, reasons: number[], comment?: string) => ({
  ref,
  aspectRatingId,
  reasons,
  ...(comment ? { comment } : {}),
});

describe.each(databases())('the report fold (decision 0229) on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
    await foldResponses(h.database.db); // the demo's own responses, so what follows is this test's
  });
  afterAll(async () => {
    await h?.close();
  });

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(h.database.db, query);

  it('counts each response once into its branch, survey and local day, with its facts for the inbox', async () => {
    const stored = await insertResponses(
      h.database.db,
      [
        response(
          1,
          DAY,
          {
            questions: [
              { id: 102, answer: { text: 'Lovely evening' } },
              {
                id: 103,
                answer: { extra: { menuInsight: [dish('P1', 3, [7]), dish('P1', 1, [8, 9], 'Cold chips')] } },
              },
            ],
            indicators: [
              { id: 1, score: 4.5 },
              { id: 2, score: 9 },
            ],
            csatScore: 80,
            npsScore: 9,
          },
          { staffId: 3, staff: { renderType: 0, description: 'Sam was great' } },
        ),
        response(
          1,
          DAY,
          { questions: [], indicators: [{ id: 1, score: 2 }], csatScore: 25, npsScore: 7 },
          { complaint: true },
        ),
        response(1, NEXT, { questions: [], indicators: [], csatScore: null, npsScore: 3 }),
        response(2, DAY, {
          questions: [],
          indicators: [{ id: 1, score: 5 }],
          csatScore: 100,
          npsScore: null,
        }),
      ],
      NOW,
    );
    const ids = [...stored.values()].map((s) => s?.id);
    expect(await foldResponses(h.database.db, 3)).toBe(4); // two batches: 3, then 1
    expect(await foldResponses(h.database.db)).toBe(0);

    const days = await rows<
      Record<string, unknown>
    >(sql`select branch_key, day::text as day, responses, csat_sum,
      csat_count, promoters, passives, detractors, complaints from report_days
      where day in (${DAY}::date, ${NEXT}::date) order by branch_key, day`);
    expect(days).toEqual([
      {
        branch_key: 1,
        day: DAY,
        responses: 2,
        csat_sum: 105,
        csat_count: 2,
        promoters: 1,
        passives: 1,
        detractors: 0,
        complaints: 1,
      },
      {
        branch_key: 1,
        day: NEXT,
        responses: 1,
        csat_sum: 0,
        csat_count: 0,
        promoters: 0,
        passives: 0,
        detractors: 1,
        complaints: 0,
      },
      {
        branch_key: 2,
        day: DAY,
        responses: 1,
        csat_sum: 100,
        csat_count: 1,
        promoters: 0,
        passives: 0,
        detractors: 0,
        complaints: 0,
      },
    ]);
    const indicators = await rows<Record<string, unknown>>(sql`select branch_key, indicator_id,
      score_sum::float as sum, score_count from report_day_indicators where day = ${DAY}::date order by 1, 2`);
    expect(indicators).toEqual([
      { branch_key: 1, indicator_id: 1, sum: 6.5, score_count: 2 },
      { branch_key: 1, indicator_id: 2, sum: 9, score_count: 1 },
      { branch_key: 2, indicator_id: 1, sum: 5, score_count: 1 },
    ]);
    const dishes = await rows(
      sql`select ref, bad, neutral, good from report_day_dishes where day = ${DAY}::date`,
    );
    expect(dishes).toEqual([{ ref: 'P1', bad: 1, neutral: 0, good: 1 }]);
    const reasons = await rows(sql`select rating, reason_id, count from report_day_dish_reasons
      where day = ${DAY}::date order by reason_id`);
    expect(reasons).toEqual([
      { rating: 3, reason_id: 7, count: 1 },
      { rating: 1, reason_id: 8, count: 1 },
      { rating: 1, reason_id: 9, count: 1 },
    ]);
    const staff = await rows(
      sql`select staff_id, chosen, csat_sum, nps_sum from report_day_staff where day = ${DAY}::date`,
    );
    expect(staff).toEqual([{ staff_id: 3, chosen: 1, csat_sum: 80, nps_sum: 9 }]);

    const first = ids[0] as number;
    expect(
      await rows(sql`select position, ref, rating, reasons from response_dishes
      where response_id = ${first} order by position`),
    ).toEqual([
      { position: 1, ref: 'P1', rating: 3, reasons: [7] },
      { position: 2, ref: 'P1', rating: 1, reasons: [8, 9] },
    ]);
    const [text] = await rows<{ body: string }>(
      sql`select body from response_texts where response_id = ${first}`,
    );
    expect(text?.body.split('\n').sort()).toEqual(['Cold chips', 'Lovely evening', 'Sam was great']);
    expect(
      await rows(sql`select count(*)::int as n from response_texts where response_id = ${ids[1] as number}`),
    ).toEqual([{ n: 0 }]);
  });

  it('adds a later response to the day’s rollup rather than replacing it', async () => {
    await insertResponses(
      h.database.db,
      [response(1, DAY, { questions: [], indicators: [{ id: 1, score: 1 }], csatScore: 0, npsScore: 10 })],
      NOW,
    );
    expect(await foldResponses(h.database.db)).toBe(1);
    const [day] = await rows(sql`select responses, csat_sum, csat_count, promoters from report_days
      where branch_key = 1 and day = ${DAY}::date`);
    expect(day).toEqual({ responses: 3, csat_sum: 105, csat_count: 3, promoters: 2 });
  });

  it('finds every comment for the inbox: a positive/negative pair and the note to a member chosen, not yes/no words', async () => {
    const stored = await insertResponses(
      h.database.db,
      [
        response(
          1,
          '2019-03-12',
          {
            questions: [
              { id: 103, answer: { choices: ['The terrace', 'The wait'] } },
              { id: 124, answer: { choices: ['no'], text: 'Too small' } },
              { id: 111, answer: { choices: ['yes'] } },
            ],
            indicators: [],
            csatScore: null,
            npsScore: null,
          },
          {
            staffId: 3,
            staff: {
              renderType: 1,
              staffId: 3,
              subQuestions: [
                { question_type: 'tags', answers: [1] },
                { question_type: 'text', answers: ['Sam remembered us'] },
              ],
            },
          },
        ),
      ],
      NOW,
    );
    await foldResponses(h.database.db);
    const id = [...stored.values()][0]?.id as number;
    const [text] = await rows<{ body: string }>(
      sql`select body from response_texts where response_id = ${id}`,
    );
    expect(text?.body.split('\n').sort()).toEqual([
      'Sam remembered us',
      'The terrace',
      'The wait',
      'Too small',
    ]);
  });

  it('keeps one reason id of two ratings apart', async () => {
    const day = '2019-03-11';
    await insertResponses(
      h.database.db,
      [
        response(1, day, {
          questions: [
            { id: 110, answer: { extra: { menuInsight: [dish('P2', 3, [1]), dish('P2', 1, [1, 2])] } } },
          ],
          indicators: [],
          csatScore: null,
          npsScore: null,
        }),
        response(1, day, {
          questions: [{ id: 110, answer: { extra: { menuInsight: [dish('P2', 1, [1])] } } }],
          indicators: [],
          csatScore: null,
          npsScore: null,
        }),
      ],
      NOW,
    );
    await foldResponses(h.database.db);
    const read = () =>
      rows(sql`select company_id, branch_key, survey_id, day::text as day, ref, rating, reason_id, count
        from report_day_dish_reasons order by branch_key, survey_id, day, ref, rating, reason_id`);
    const folded = await read();
    expect(folded.filter((r) => (r as { day: string }).day === day)).toEqual([
      { company_id: 1, branch_key: 1, survey_id: 1, day, ref: 'P2', rating: 1, reason_id: 1, count: 2 },
      { company_id: 1, branch_key: 1, survey_id: 1, day, ref: 'P2', rating: 1, reason_id: 2, count: 1 },
      { company_id: 1, branch_key: 1, survey_id: 1, day, ref: 'P2', rating: 3, reason_id: 1, count: 1 },
    ]);
  });
});
