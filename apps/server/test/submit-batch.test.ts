import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactDetails, responseSupplements, responses } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { addOtherCompany, cafePayload, create, createPayload, startSubmitHarness } from './submit-fixtures';

const batchUrl = '/api/v1/survey/submit/batch';

describe.each(databases())('survey.submit.batch on $name', (target) => {
  let h: Harness;
  let device: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    device = await insertDevice(h.database, { branchId: 1 });
  });
  afterAll(async () => {
    await h?.close();
  });

  const batch = (items: unknown[], headers = device) =>
    call(h.app, { method: 'POST', url: batchUrl, headers, payload: { items } });
  const createItem = (payload = createPayload(), templateId = 1) => ({ type: 'create', templateId, payload });
  const rowsOf = async (guids: string[]) =>
    h.database.db
      .select({ id: responses.id, guid: responses.guid, branchId: responses.branchId })
      .from(responses)
      .where(inArray(responses.guid, guids));

  it('stores creates and their supplements in order and answers each item in order', async () => {
    const first = createPayload();
    const second = createPayload();
    const r = await batch([
      createItem(first),
      { type: 'supplement', guid: first.guid, payload: { permitted: true, contact: { name: 'Ann' } } },
      createItem(second),
      { type: 'supplement', guid: second.guid, payload: { permitted: false } },
    ]);
    expect(r.status).toBe(200);
    const results = r.body.data.results;
    expect(results.map((result: { status: number }) => result.status)).toEqual([200, 200, 200, 200]);
    const rows = await rowsOf([first.guid, second.guid]);
    const idOf = (guid: string) => rows.find((row) => row.guid === guid)?.id;
    expect(results[0].data).toMatchObject({ id: idOf(first.guid), secret: expect.any(String) });
    expect(results[1].data).toEqual({ id: idOf(first.guid) });
    expect(results[2].data.id).toBe(idOf(second.guid));
    // Sent in order: the first response got the lower id; both filed under the device's branch.
    expect(idOf(first.guid)).toBeLessThan(idOf(second.guid) ?? 0);
    expect(rows.every((row) => row.branchId === 1)).toBe(true);
    const contact = await h.database.db
      .select()
      .from(contactDetails)
      .where(eq(contactDetails.responseId, idOf(first.guid) ?? 0));
    expect(contact[0]?.name).toBe('Ann');
  });

  it('is idempotent: the same batch twice answers the same ids and stores nothing new', async () => {
    const a = createPayload();
    const b = createPayload();
    const items = [
      createItem(a),
      { type: 'supplement', guid: a.guid, payload: { permitted: true } },
      createItem(b),
    ];
    const once = await batch(items);
    const total = async () => (await h.database.db.select({ n: count() }).from(responses))[0]?.n;
    const supplements = async () =>
      (await h.database.db.select({ n: count() }).from(responseSupplements))[0]?.n;
    const [rowsBefore, supplementsBefore] = [await total(), await supplements()];
    const twice = await batch(items);
    expect(twice.status).toBe(200);
    expect(twice.body.data.results).toEqual(once.body.data.results);
    expect(await total()).toBe(rowsBefore);
    expect(await supplements()).toBe(supplementsBefore);
    expect(await rowsOf([a.guid, b.guid])).toHaveLength(2);
  });

  it('refuses a bad item in the middle with its code and stores the others', async () => {
    const before = createPayload();
    const after = createPayload();
    const reused = createPayload({ guid: before.guid, userAgent: 'another payload' });
    const r = await batch([
      createItem(before),
      { type: 'create', templateId: 1, payload: { guid: 'not-a-uuid' } },
      createItem(reused),
      { type: 'supplement', guid: after.guid, payload: {} },
      createItem(after),
    ]);
    expect(r.status).toBe(200);
    const [ok, shape, conflict, empty, last] = r.body.data.results;
    expect(ok.status).toBe(200);
    expect(shape).toMatchObject({ status: 400, error: { code: 10008 } });
    expect(shape.error.detail.fields.map((f: { field: string }) => f.field)).toContain(
      'items.1.payload.visitDatetime',
    );
    expect(conflict).toMatchObject({
      status: 409,
      error: { code: 10009, detail: { reason: 'GUID_REUSED' } },
    });
    // The supplement names a response that does not exist yet (its create comes later): refused alone.
    expect(empty).toMatchObject({ status: 401, error: { code: 10029 } });
    expect(last.status).toBe(200);
    expect(await rowsOf([before.guid, after.guid])).toHaveLength(2);
  });

  it('keeps tenants apart: no create for another company’s survey, no supplement to its responses', async () => {
    // other-cafe is a copy of demo-cafe (template 2), so both take a café create.
    const foreign = cafePayload();
    const stored = await create(h.app, foreign, web('other-cafe'));
    expect(stored.status).toBe(200);
    const otherBranch = cafePayload();
    const manchester = await insertDevice(h.database, { branchId: 2 });
    const atTwo = await batch([createItem(otherBranch, 2)], manchester);
    expect(atTwo.body.data.results[0].status).toBe(200);

    const own = createPayload();
    const r = await batch([
      createItem(createPayload(), 20),
      { type: 'supplement', guid: foreign.guid, payload: { permitted: true } },
      { type: 'supplement', guid: otherBranch.guid, payload: { permitted: true } },
      createItem(own),
    ]);
    const [survey, company, branch, ok] = r.body.data.results;
    expect(survey).toMatchObject({ status: 404, error: { code: 10013 } });
    expect(company).toMatchObject({ status: 401, error: { code: 10029 } });
    expect(branch).toMatchObject({ status: 401, error: { code: 10029 } });
    expect(ok.status).toBe(200);
    const supplementsOfForeign = await h.database.db
      .select({ n: count() })
      .from(responseSupplements)
      .where(eq(responseSupplements.responseId, stored.body.data.id));
    expect(supplementsOfForeign[0]?.n).toBe(0);
  });

  it('is for registered devices only', async () => {
    const items = [createItem()];
    const asWeb = await batch(items, web());
    expect(asWeb).toMatchObject({ status: 401, body: { error: { code: 10005 } } });
    const badToken = await batch(items, { ...device, authorization: 'Bearer wrong-token-wrong-token-wrong' });
    expect(badToken.status).toBe(401);
    const disabled = await insertDevice(h.database, { branchId: 1, enabled: false });
    expect((await batch(items, disabled)).status).toBe(401);
  });

  it('refuses an empty batch and one over 100 items as a whole', async () => {
    expect((await batch([])).body.error.code).toBe(10009);
    const tooMany = Array.from({ length: 101 }, () => createItem());
    const r = await batch(tooMany);
    expect(r).toMatchObject({ status: 400, body: { error: { code: 10009 } } });
  });
});

describe.each(databases())('survey.submit.batch at a fault of ours on $name', (target) => {
  let h: Harness;
  let draws = 0;
  beforeAll(async () => {
    // The voucher draw of the second create fails as an unexpected error would (a 500).
    h = await startSubmitHarness(target, () => {
      draws += 1;
      if (draws === 2) throw new Error('draw failed');
      return 0.5;
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stops at the first 5xx: earlier items stay stored, later ones are answered 503 unprocessed', async () => {
    const device = await insertDevice(h.database, { branchId: 1 });
    const [a, b, c] = [createPayload(), createPayload(), createPayload()];
    const r = await call(h.app, {
      method: 'POST',
      url: batchUrl,
      headers: device,
      // Each asks for a voucher (its guest waits, D4.64): only such a create draws one.
      payload: {
        items: [a, b, c].map((payload) => ({ type: 'create', templateId: 1, payload, offerVoucher: true })),
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.results.map((result: { status: number }) => result.status)).toEqual([200, 500, 503]);
    expect(r.body.data.results[2].error.code).toBe(10021);
    const stored = await h.database.db
      .select({ guid: responses.guid })
      .from(responses)
      .where(inArray(responses.guid, [a.guid, b.guid, c.guid]));
    expect(stored.map((row) => row.guid)).toEqual([a.guid]);
  });
});
