import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responses, surveyBranches, surveys, transactions } from '../src/db/schema';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { databases } from './databases';
import { call, type Harness, insertDevice, NOW, startHarness, web } from './harness';
import { addOtherCompany, create, createPayload, submitUrl } from './submit-fixtures';

describe.each(databases())('survey.submit bad input on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    // A survey only at branch 2 (a copy of demo-bistro, questions and all, so its creates fit it) and a
    // receipt at branch 2, for the app-mode and foreign-receipt cases.
    const bistro = DEMO_SURVEYS[0];
    if (!bistro) throw new Error('demo-bistro missing');
    await h.database.db.insert(surveys).values({
      id: 40,
      companyId: 1,
      slug: 'manchester-only',
      name: 'Manchester only',
      definition: { ...bistro.definition, templateId: 40, slug: 'manchester-only' },
      questions: bistro.questions,
    });
    await h.database.db.insert(surveyBranches).values({ surveyId: 40, branchId: 2 });
    // The same survey without fields of its own: its guests are asked the company's (O15.34).
    const { demographics: _own, ...companyFields } = bistro.definition;
    await h.database.db.insert(surveys).values({
      id: 41,
      companyId: 1,
      slug: 'company-fields',
      name: 'Company fields',
      definition: { ...companyFields, templateId: 41, slug: 'company-fields' },
      questions: bistro.questions,
    });
    await h.database.db.insert(surveyBranches).values({ surveyId: 41, branchId: 1 });
    await h.database.db.insert(transactions).values({ id: 31, branchId: 2, checkOpenTime: NOW });
    device = { ...(await insertDevice(h.database, { branchId: 1 })), 'x-template-id': '1' };
  });
  afterAll(async () => {
    await h?.close();
  });

  const responseCount = async () => (await h.database.db.select({ n: count() }).from(responses))[0]?.n;
  const raw = (body: string, contentType = 'application/json', headers = web()) =>
    call(h.app, {
      method: 'POST',
      url: submitUrl,
      headers: { ...headers, 'content-type': contentType },
      body,
    });
  const expectError = (
    r: { status: number; body: { error?: { code: number } } },
    status: number,
    code: number,
  ) => {
    expect(r.status).toBe(status);
    expect(r.body.error?.code).toBe(code);
  };

  it.each([
    ['JSON that does not parse', '{"type":"create",', 'application/json', 400, 10026],
    ['a text body (parsed as a string, not an object)', 'type=create', 'text/plain', 400, 10009],
    ['an unsupported content type', '<create/>', 'application/xml', 400, 10026],
    ['an empty object', '{}', 'application/json', 400, 10008],
    ['a JSON array', '[]', 'application/json', 400, 10009],
    ['an unknown type', '{"type":"delete","payload":{}}', 'application/json', 400, 10009],
    ['create without a payload', '{"type":"create"}', 'application/json', 400, 10008],
  ])('%s: $3 $4', async (_name, body, contentType, status, code) => {
    expectError(await raw(body, contentType), status, code);
  });

  it('a body over 1 MB: 413 10026', async () => {
    const payload = createPayload({ userAgent: 'x'.repeat(1_100_000) });
    expectError(await create(h.app, payload), 413, 10026);
  });

  const base = createPayload();
  it.each([
    ['a missing guid', { ...base, guid: undefined }, 10008],
    ['a guid that is not a uuid', { ...base, guid: 'abc' }, 10009],
    ['a visit date-time in another format', { ...base, visitDatetime: '14/06/2025 17:30' }, 10009],
    ['missing answers', { ...base, answers: undefined }, 10008],
    ['a wrong type (feedbackAlert as text)', { ...base, feedbackAlert: 'yes' }, 10009],
    ['an NPS over 10', { ...base, answers: { ...base.answers, npsScore: 11 } }, 10009],
    ['a staff id past PostgreSQL integer', { ...base, staffId: 2 ** 40 }, 10009],
    ['a NUL character in a text', { ...base, userAgent: 'a\u0000b' }, 10009],
    ['a lone surrogate in a text', { ...base, urlParams: { note: 'x\ud800' } }, 10009],
    ['a text over its limit', { ...base, userAgent: 'x'.repeat(513) }, 10009],
  ])('%s: 400 $2, nothing stored', async (_name, payload, code) => {
    const before = await responseCount();
    expectError(await create(h.app, payload), 400, code);
    expect(await responseCount()).toBe(before);
  });

  it.each([
    [
      'G5.24 a demographic postcode over 10 characters',
      {
        demographics: [
          { id: 1, value: 'Female' },
          { id: 5, value: 'SW1A 1AA 99' },
        ],
      },
      'payload.demographics.1.value',
    ],
    [
      'G5.21 a postcode comment over 10 characters',
      {
        questionMap: [125],
        answers: { ...base.answers, questions: [{ id: 125, answer: { text: 'SW1A 1AA 99' } }] },
      },
      'payload.answers.questions.0.answer.text',
    ],
  ])('%s: 400 10009 naming it, nothing stored (the form refuses it too)', async (_name, changes, field) => {
    const before = await responseCount();
    const answer = await create(h.app, createPayload(changes));
    expectError(answer, 400, 10009);
    expect(answer.body.error.detail.fields).toEqual([
      { field, in: 'body', message: 'form.maxChars', params: { count: 10 } },
    ]);
    expect(await responseCount()).toBe(before);
  });

  it("G5.24 O15.34 a demographic postcode of 10 characters, and a company field's answer up to 200, are stored", async () => {
    const demographics = [
      { id: 3, value: 'x'.repeat(200) },
      { id: 5, value: 'SW1A 1AA 9' },
    ];
    const answer = await create(h.app, createPayload({ demographics }), web('company-fields'));
    expect(answer.status).toBe(200);
  });

  it.each([
    ['an unknown receipt', '99999'],
    ['a receipt ref that is not a number', 'abc'],
    ['a receipt ref past integer range', '99999999999'],
    ["another company's receipt", '30'],
  ])('%s: 400 10009', async (_name, pinCode) => {
    expectError(await create(h.app, createPayload({ pinCode })), 400, 10009);
  });

  it("a receipt of another branch than the response's: 400 10009", async () => {
    const r = await create(h.app, createPayload({ pinCode: '31' }), web('demo-bistro', { 'x-branch': '1' }));
    expectError(r, 400, 10009);
  });

  it.each([
    ['urlParams.branchId of another company', { branchId: '20' }],
    ['urlParams.branchId not linked to the survey', { branchId: '999' }],
    ['urlParams.branchId that is not a number', { branchId: 'soho' }],
  ])('web, %s: 404 10012', async (_name, urlParams) => {
    expectError(await create(h.app, createPayload({ urlParams })), 404, 10012);
  });

  it('web, X-Branch of another company: 404 10012', async () => {
    expectError(await create(h.app, createPayload(), web('demo-bistro', { 'x-branch': '20' })), 404, 10012);
  });

  it('web, an unknown slug: 404 10013; X-Template-Id naming another survey: 404 10013', async () => {
    expectError(await create(h.app, createPayload(), web('no-such-survey')), 404, 10013);
    expectError(
      await create(h.app, createPayload(), web('demo-bistro', { 'x-template-id': '2' })),
      404,
      10013,
    );
  });

  it('app mode: X-Template-Id missing 10008, not a number 10009', async () => {
    const { 'x-template-id': _, ...noTemplate } = device;
    expectError(await create(h.app, createPayload(), noTemplate), 400, 10008);
    expectError(await create(h.app, createPayload(), { ...device, 'x-template-id': 'one' }), 400, 10009);
  });

  it.each([
    ['an unknown template', '999'],
    ["another company's survey", '20'],
    ["a survey not at the device's branch", '40'],
  ])('app mode, %s: 404 10013', async (_name, templateId) => {
    const r = await create(h.app, createPayload(), { ...device, 'x-template-id': templateId });
    expectError(r, 404, 10013);
  });

  it('app mode without a device token: 401 10005', async () => {
    expectError(
      await create(h.app, createPayload(), { 'x-auth-type': 'app', 'x-template-id': '1' }),
      401,
      10005,
    );
  });

  it('an inactive survey stops new creates (10013), but a retry of a stored create still gets its answer', async () => {
    const headers = { ...device, 'x-template-id': '40' };
    await h.database.db.insert(surveyBranches).values({ surveyId: 40, branchId: 1 });
    const payload = createPayload();
    const first = await create(h.app, payload, headers);
    expect(first.status).toBe(200);
    await h.database.db.update(surveys).set({ active: false }).where(eq(surveys.id, 40));
    expectError(await create(h.app, createPayload(), headers), 404, 10013);
    const retry = await create(h.app, payload, headers);
    expect(retry).toMatchObject({ status: 200, body: first.body });
  });
});
