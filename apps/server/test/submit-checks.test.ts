import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses } from '../src/db/schema';
import { databases } from './databases';
import { type Harness, startHarness, web } from './harness';
import { create, createPayload } from './submit-fixtures';

/**
 * Issue 27 item 1 (decision 0188): what was accepted with 200 from outside before, each refused with
 * 10025 naming the field and nothing stored (D3.12–D3.18), and a made-up transaction never kept (D3.19).
 * The one-field corruptions of every widget are the domain's property test (create-checks.test.ts).
 */
describe.each(databases())('survey.submit checks a create against its survey on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const responseCount = async () => (await h.database.db.select({ n: count() }).from(responses))[0]?.n ?? 0;
  const base = createPayload();
  const withAnswers = (answers: Partial<typeof base.answers>) => ({
    ...base,
    answers: { ...base.answers, ...answers },
  });

  it.each([
    [
      'D3.18 a branch-2 staff member on a branch-1 response',
      { ...base, staffId: 7, urlParams: { branchId: '1' } },
      ['payload.staffId'],
    ],
    [
      'D3.18 a staff answer naming another member than staffId',
      {
        ...base,
        staffId: 1,
        urlParams: { branchId: '1' },
        staff: { renderType: 1, staffId: 2, subQuestions: [] },
      },
      ['payload.staff.staffId'],
    ],
    [
      'D3.14 an indicator score of 1e308',
      withAnswers({ indicators: [{ id: 1, score: 1e308 }], csatScore: 100 }),
      ['payload.answers.indicators.0.score'],
    ],
    [
      'D3.12 an answer to an unknown question',
      withAnswers({ questions: [{ id: 999_999, answer: { text: 'x' } }] }),
      ['payload.answers.questions.0.id'],
    ],
    [
      'D3.12 a question twice in questionMap',
      { ...base, questionMap: [101, 102, 102] },
      ['payload.questionMap.2'],
    ],
    [
      'D3.12 an answer given twice',
      withAnswers({
        questions: [base.answers.questions[0], base.answers.questions[0]] as typeof base.answers.questions,
      }),
      ['payload.answers.questions.1.id'],
    ],
    [
      'D3.13 a choice the question does not have',
      withAnswers({ questions: [{ id: 101, answer: { choices: [42] } }] }),
      ['payload.answers.questions.0.answer.choices.0'],
    ],
    ['D3.15 a CSAT the scores do not give', withAnswers({ csatScore: 3 }), ['payload.answers.csatScore']],
    [
      'D3.16 visitDatetime 2026-13-45 99:99:99',
      { ...base, visitDatetime: '2026-13-45 99:99:99' },
      ['payload.visitDatetime'],
    ],
    [
      'D3.16 visitDatetime 0000-01-01',
      { ...base, visitDatetime: '0000-01-01 12:00:00' },
      ['payload.visitDatetime'],
    ],
    [
      'D3.16 visitDatetime 9999-12-31',
      { ...base, visitDatetime: '9999-12-31 23:59:59' },
      ['payload.visitDatetime'],
    ],
    [
      'D3.17 a URL parameter the spec does not keep',
      { ...base, urlParams: { utm_source: 'x' } },
      ['payload.urlParams.utm_source'],
    ],
    [
      'D3.17 a 900 kB URL parameter',
      { ...base, urlParams: { guestRef: 'x'.repeat(900_000) } },
      ['payload.urlParams.guestRef'],
    ],
  ])('%s: 400 10025 naming it, nothing stored', async (_name, payload, fields) => {
    const before = await responseCount();
    const r = await create(h.app, payload);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10025);
    expect(r.body.error.detail.fields.map((f: { field: string }) => f.field)).toEqual(fields);
    expect(await responseCount()).toBe(before);
  });

  it('D3.17 5,000 URL parameters: 400 10025 with 20 faults named, nothing stored', async () => {
    const urlParams = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`p${i}`, 'x']));
    const r = await create(h.app, { ...base, urlParams });
    expect(r.status).toBe(400);
    expect(r.body.error.detail.fields).toHaveLength(20);
  });

  it('D3.12 a questionMap of 100,000 entries or 20,000 answers: 400, refused unread', async () => {
    const map = await create(h.app, {
      ...base,
      questionMap: Array.from({ length: 100_000 }, (_, i) => i + 1),
    });
    expect(map.status).toBe(400);
    const answers = Array.from(
      { length: 20_000 },
      () => base.answers.questions[0],
    ) as typeof base.answers.questions;
    expect((await create(h.app, withAnswers({ questions: answers }))).status).toBe(400);
  });

  it('D3.18 staff of the response branch (even one no longer active) are accepted', async () => {
    for (const staffId of [1, 3]) {
      const r = await create(h.app, createPayload({ staffId, urlParams: { branchId: '1' } }));
      expect(r.status).toBe(200);
    }
  });

  it('D3.19 a made-up transaction block is not stored, and the response has no receipt', async () => {
    const claimed = {
      check: { covers: 999_999, subtotal: 1e12, avgSpentPerHead: 1e6, checkOpenTime: '2025-06-14 17:00:00' },
      checkOpenTime: '2025-06-14 17:00:00',
      menuItems: [
        {
          menuItemObjectNumber: '1',
          menuItemName: '<img src=x onerror=alert(1)>',
          type: 1,
          majorGroupId: null,
          majorGroupName: null,
          familyGroupId: null,
          familyGroupName: null,
        },
      ],
    };
    const payload = { ...createPayload(), transaction: claimed };
    const r = await create(h.app, payload);
    expect(r.status).toBe(200);
    const [row] = await h.database.db.select().from(responses).where(eq(responses.id, r.body.data.id));
    expect(row?.transactionId).toBeNull();
    expect(row?.payload).not.toHaveProperty('transaction');
    expect(JSON.stringify(row?.payload)).not.toContain('onerror');
    // Sent again as it was: the same response (the hash is of what was sent).
    expect((await create(h.app, payload)).body.data.id).toBe(r.body.data.id);
  });

  it('D3.16 a visit 10 minutes before the server clock passes; web guests with no URL parameters too', async () => {
    expect((await create(h.app, createPayload({ visitDatetime: '2025-06-14 18:20:00' }), web())).status).toBe(
      200,
    );
  });
});
