import { createHmac } from 'node:crypto';
import { submitResponseSchema } from '@venue-voice/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses, serverSecrets } from '../src/db/schema';
import { databases } from './databases';
import { type Harness, insertDevice, startHarness, web } from './harness';
import { cafePayload, create, createPayload, scoresOf } from './submit-fixtures';

describe.each(databases())('survey.submit create on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const stored = async (id: number) => {
    const rows = await h.database.db.select().from(responses).where(eq(responses.id, id));
    return rows[0];
  };
  const rowsOfGuid = async (guid: string) =>
    (await h.database.db.select({ n: count() }).from(responses).where(eq(responses.guid, guid)))[0]?.n;

  it('stores the response and answers id, a 256-bit secret and is_ai_valid', async () => {
    const payload = createPayload({
      staffId: 7,
      feedbackAlert: true,
      managerFeedbackIndicatorRulePassed: true,
      recommendationPermitted: false,
      url_params: { table_id: '0' },
      urlParams: { branchId: '2', txSource: 'qr' },
    });
    const r = await create(h.app, payload);
    expect(r.status).toBe(200);
    const data = submitResponseSchema.parse(r.body.data);
    expect(data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.is_ai_valid).toBe(false);

    const row = await stored(data.id);
    expect(row).toMatchObject({
      companyId: 1,
      branchId: 2,
      surveyId: 1,
      guid: payload.guid,
      visitDatetime: '2025-06-14 17:30:00',
      authType: 'web',
      transactionId: null,
      staffId: 7,
      tableId: '0',
      csatScore: 100,
      npsScore: null,
      feedbackAlert: true,
      managerFeedback: true,
      recommendationPermitted: false,
      triggerComplaint: false,
    });
    expect(row?.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.payload).toMatchObject({ guid: payload.guid, answers: payload.answers });
  });

  it('is_ai_valid: true with enough positive facts (two high ratings), false with too few, stored', async () => {
    const answers = (indicators: { id: number; score: number }[]) => ({
      ...createPayload().answers,
      indicators,
      ...scoresOf(indicators),
    });
    const happy = await create(
      h.app,
      createPayload({
        answers: answers([
          { id: 1, score: 5 },
          { id: 2, score: 4 },
        ]),
      }),
    );
    const unhappy = await create(
      h.app,
      createPayload({
        answers: answers([
          { id: 1, score: 2 },
          { id: 2, score: 5 },
        ]),
      }),
    );
    expect(happy.body.data.is_ai_valid).toBe(true);
    expect(unhappy.body.data.is_ai_valid).toBe(false);
    expect((await stored(happy.body.data.id))?.isAiValid).toBe(true);
    // demo-cafe has suggestions turned off: never valid, however happy the guest.
    const cafe = await create(
      h.app,
      cafePayload({
        answers: {
          ...answers([
            { id: 11, score: 5 },
            { id: 12, score: 5 },
          ]),
          questions: [],
        },
      }),
      web('demo-cafe'),
    );
    expect(cafe.body.data.is_ai_valid).toBe(false);
  });

  it('the secret is HMAC-SHA256(server key, guid) and is stored nowhere', async () => {
    const payload = createPayload();
    const r = await create(h.app, payload);
    const [key] = await h.database.db.select().from(serverSecrets);
    expect(key?.name).toBe('response-secret-key');
    const expected = createHmac('sha256', Buffer.from(key?.value ?? '', 'base64url'))
      .update(payload.guid)
      .digest('base64url');
    expect(r.body.data.secret).toBe(expected);
    expect(JSON.stringify(await stored(r.body.data.id))).not.toContain(expected);
  });

  it('triggerComplaint: computed from the survey, true when a shown triggerComplaint question was answered', async () => {
    const answered = createPayload({
      answers: { ...createPayload().answers, questions: [{ id: 101, answer: { choices: [1] } }] },
    });
    const noChoice = createPayload({
      answers: { ...createPayload().answers, questions: [{ id: 101, answer: { choices: [] } }] },
    });
    const outcomes = [];
    for (const payload of [answered, noChoice]) {
      const r = await create(h.app, payload);
      expect(r.status).toBe(200);
      outcomes.push((await stored(r.body.data.id))?.triggerComplaint);
    }
    // An answer to a question the guest was not shown is refused outright (D3.12), never stored.
    const notShown = await create(h.app, { ...answered, guid: createPayload().guid, questionMap: [102] });
    expect(notShown.status).toBe(400);
    expect(notShown.body.error.code).toBe(10025);
    expect(outcomes).toEqual([true, false]);
  });

  it('a retried create answers the first id and secret and stores nothing new', async () => {
    const payload = createPayload();
    const first = await create(h.app, payload);
    // Key order does not make it another payload: the hash is of canonical JSON.
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const second = await create(h.app, reordered);
    const third = await create(h.app, payload);
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect(third).toMatchObject({ status: 200, body: first.body });
    expect(await rowsOfGuid(payload.guid)).toBe(1);
  });

  it('ten concurrent creates of one guid make one row and all get the same id and secret', async () => {
    const payload = createPayload();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(h.app, payload)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const first = answers[0]?.body.data;
    for (const a of answers) expect(a.body.data).toEqual(first);
    expect(await rowsOfGuid(payload.guid)).toBe(1);
  });

  it('the same guid with another payload: 409 10009 GUID_REUSED, the first row unchanged', async () => {
    const payload = createPayload();
    const first = await create(h.app, payload);
    const other = await create(h.app, { ...payload, userAgent: 'another' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 10009, detail: { reason: 'GUID_REUSED' } });
    expect((await stored(first.body.data.id))?.payload).toMatchObject({ userAgent: 'vitest' });
    expect(await rowsOfGuid(payload.guid)).toBe(1);
  });

  it('a receipt backs one response: a second create with its transaction is 409 10031', async () => {
    const first = await create(h.app, createPayload({ pinCode: '1' }));
    expect(first.status).toBe(200);
    expect((await stored(first.body.data.id))?.transactionId).toBe(1);
    expect((await stored(first.body.data.id))?.branchId).toBe(1);
    const second = await create(h.app, createPayload({ pinCode: '1' }));
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 10031, ui: true });
  });

  it('two concurrent creates with the same receipt: one 200, one 409 10031', async () => {
    const [a, b] = await Promise.all([
      create(h.app, createPayload({ pinCode: '2' })),
      create(h.app, createPayload({ pinCode: '2' })),
    ]);
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r?.status === 409)?.body.error.code).toBe(10031);
  });

  it('app mode: the device branch and X-Template-Id; the payload cannot move it to another branch', async () => {
    const headers = { ...(await insertDevice(h.database, { branchId: 2 })), 'x-template-id': '2' };
    const r = await create(h.app, cafePayload({ urlParams: { branchId: '1' } }), headers);
    expect(r.status).toBe(200);
    expect(await stored(r.body.data.id)).toMatchObject({ branchId: 2, surveyId: 2, authType: 'app' });
  });

  it('web: X-Branch wins over urlParams.branchId; no branch at all stores none', async () => {
    const viaHeader = await create(
      h.app,
      createPayload({ urlParams: { branchId: '1' } }),
      web('demo-bistro', { 'x-branch': '2' }),
    );
    expect((await stored(viaHeader.body.data.id))?.branchId).toBe(2);
    const none = await create(h.app, createPayload());
    expect((await stored(none.body.data.id))?.branchId).toBeNull();
  });
});
