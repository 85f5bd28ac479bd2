import { transactionResponseSchema } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/connection';
import { menuVersion, pins, transactions } from '../src/db/schema';
import { demoProduct } from '../src/db/seed/demo-menu';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { addOtherCompany, create, createPayload } from './submit-fixtures';
import { keyHeaders } from './support/till';

const URL = '/api/v1/integrations/transactions';
/** A till line naming a demo product by its object number (the menu's ref). */
const line = (name: string) => {
  const p = demoProduct(name);
  return { menuItemObjectNumber: p.ref, menuItemName: p.name, type: p.type };
};
let checks = 0;
/** A check of branch 1 with a check id of its own unless given. */
const check = (extra: Record<string, unknown> = {}) => ({
  branchId: 1,
  checkId: `T-${++checks}`,
  openedAt: '2025-06-14T17:45:00Z',
  covers: 3,
  subtotal: 54,
  discount: 4,
  serviceCharge: 6.25,
  total: 56.25,
  server: 'Sam',
  items: [
    { ...line('Tomato soup'), price: 9, quantity: 1, majorGroupId: 100 },
    { ...line('Beef burger'), price: 24.5, quantity: 1 },
    { ...line('Cola'), price: 20.5, quantity: 3 },
  ],
  ...extra,
});

/**
 * Issue 30 item 6: POST /integrations/transactions stores a till's check so that the guest's lookup by
 * receipt PIN, table (and check id) finds it (O12.1–O12.3, O12.7); the key's company and scope decide.
 */
describe.each(databases())('POST /integrations/transactions on $name', (target) => {
  let h: Harness;
  let till: { authorization: string };
  let pins6 = 300000;
  const nextPin = () => String(++pins6);
  const post = (payload: object, headers: Record<string, string> = till) =>
    call(h.app, { method: 'POST', url: URL, headers, payload });
  const lookup = (query: string) =>
    call(h.app, { method: 'GET', url: `/api/v1/survey/transaction?branchId=1&${query}`, headers: web() });

  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    till = await keyHeaders(h.database.db, 1, ['transactions:write']);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('201 creates the check; the guest finds it by its receipt PIN, with its lines and the receipt', async () => {
    const pin = nextPin();
    const answer = await post(check({ pin, tableId: '21' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data).toEqual({ id: expect.any(Number), checkId: `T-${checks}`, created: true });

    const found = await lookup(`pinType=pin&pin=${pin}`);
    expect(found.status).toBe(200);
    const data = transactionResponseSchema.parse(found.body.data);
    expect(data.pin.validData).toBe(true);
    expect(data.transactionRef).toBe(String(answer.body.data.id));
    expect(data.transaction?.check).toEqual({
      covers: 3,
      subtotal: 54,
      avgSpentPerHead: 18,
      // openedAt 17:45 UTC on the branch's wall clock (London, summer time: G4.90, decision 0265).
      checkOpenTime: '2025-06-14 18:45:00',
      discount: 4,
      serviceCharge: 6.25,
      server: 'Sam',
      tableNumber: '21',
    });
    // Groups come from the company's menu by the line's object number, as for seeded checks.
    expect(data.transaction?.menuItems.map((i) => [i.menuItemName, i.majorGroupName, i.price])).toEqual([
      ['Tomato soup', 'Starters', 9],
      ['Beef burger', 'Mains', 24.5],
      ['Cola', 'Drinks', 20.5],
    ]);
  });

  it('O12.3 an open check is found by its table (leading zeros as the guest types them) and check id', async () => {
    const answer = await post(check({ tableId: '0033' }));
    expect(answer.status).toBe(201);
    const byTable = await lookup('tableId=33');
    expect(byTable.body.data.transactionRef).toBe(String(answer.body.data.id));
    const byCheck = await lookup(`tableId=33&checkId=T-${checks}`);
    expect(byCheck.body.data.transactionRef).toBe(String(answer.body.data.id));
    // Closed by the till: no longer the table's check.
    expect((await post(check({ checkId: `T-${checks}`, tableId: '33', open: false }))).status).toBe(200);
    expect((await lookup('tableId=33')).body.data.pin).toMatchObject({
      validData: false,
      error: 'NO-TRANSACTION-DATA',
    });
  });

  it('O12.1 the same check id again updates the one row (200); O12.2 a changed PIN moves with it', async () => {
    const first = nextPin();
    const second = nextPin();
    const created = await post(check({ pin: first }));
    const checkId = created.body.data.checkId;
    const updated = await post(check({ checkId, pin: second, covers: 4, subtotal: 80 }));
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ id: created.body.data.id, checkId, created: false });
    const rows = await h.database.db.select().from(transactions).where(eq(transactions.checkId, checkId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ covers: 4, subtotal: 80, avgSpentPerHead: 20, pinCode: second });
    expect(rows[0]?.updatedAt).not.toBeNull();
    expect((await lookup(`pin=${first}`)).body.data.pin).toMatchObject({
      validData: false,
      error: 'INVALID-PIN',
    });
    expect((await lookup(`pin=${second}`)).body.data.transaction.check.covers).toBe(4);
  });

  it('O12.2 a PIN the till prints again names the newer check', async () => {
    const pin = nextPin();
    await post(check({ pin }));
    const newer = await post(check({ pin }));
    expect((await lookup(`pin=${pin}`)).body.data.transactionRef).toBe(String(newer.body.data.id));
    const rows = await h.database.db.select().from(pins).where(eq(pins.pinCode, pin));
    expect(rows).toHaveLength(1);
  });

  it('O12.1 once a response rates the check, the till may not change it: 409 10031', async () => {
    const pin = nextPin();
    const created = await post(check({ pin }));
    const ref = (await lookup(`pin=${pin}`)).body.data.transactionRef as string;
    expect((await create(h.app, createPayload({ pinCode: ref }))).status).toBe(200);
    const again = await post(check({ checkId: created.body.data.checkId, pin, covers: 9 }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 10031, detail: { fields: [{ field: 'checkId' }] } });
    const [row] = await h.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, created.body.data.id));
    expect(row?.covers).toBe(3);
  });

  it('the same check id at another branch is another check', async () => {
    const a = await post(check({ checkId: 'SHARED-1' }));
    const b = await post(check({ checkId: 'SHARED-1', branchId: 2 }));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.id).not.toBe(b.body.data.id);
  });

  it.each([
    ['a branch of another company', 20],
    ['a branch that does not exist', 9999],
  ])('%s: 404 10012, nothing stored', async (_name, branchId) => {
    const answer = await post(check({ branchId, checkId: `X-${branchId}` }));
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe(10012);
    const rows = await h.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.checkId, `X-${branchId}`));
    expect(rows).toEqual([]);
  });

  it('the other company’s key writes its own branch, never ours', async () => {
    const other = await keyHeaders(h.database.db, 2, ['transactions:write']);
    expect((await post(check({ branchId: 20 }), other)).status).toBe(201);
    const refused = await post(check({ branchId: 1, checkId: 'OTHER-ON-1' }), other);
    expect(refused.body.error.code).toBe(10012);
  });

  it('a key without transactions:write is 403 10005 naming the scope; no key or a revoked one 401 10005', async () => {
    const menuOnly = await keyHeaders(h.database.db, 1, ['menu:write']);
    const scoped = await post(check(), menuOnly);
    expect(scoped.status).toBe(403);
    expect(scoped.body.error).toMatchObject({ code: 10005, detail: { requiredScope: 'transactions:write' } });
    const revoked = await keyHeaders(h.database.db, 1, ['transactions:write'], { revoked: true });
    expect((await post(check(), revoked)).status).toBe(401);
    const none = await post(check(), {});
    expect([none.status, none.body.error.code]).toEqual([401, 10005]);
  });

  it.each([
    ['branchId missing', { branchId: undefined }, 10008, ['branchId']],
    ['items missing', { items: undefined }, 10008, ['items']],
    ['a PIN of 5 digits', { pin: '12345' }, 10009, ['pin']],
    ['a table that is no number', { tableId: 'A1' }, 10009, ['tableId']],
    ['openedAt not ISO 8601', { openedAt: 'yesterday' }, 10009, ['openedAt']],
    ['negative subtotal', { subtotal: -1 }, 10009, ['subtotal']],
    [
      'a line without a name',
      { items: [{ menuItemObjectNumber: '1', type: 1, price: 1, quantity: 1 }] },
      10008,
      ['items.0.menuItemName'],
    ],
    [
      'a line of type 7',
      { items: [{ menuItemObjectNumber: '1', menuItemName: 'x', type: 7, price: 1, quantity: 1 }] },
      10009,
      ['items.0.type'],
    ],
  ])('%s: 400 with the field named', async (_name, extra, code, fields) => {
    const answer = await post(check(extra));
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.detail.fields.map((f: { field: string }) => f.field)).toEqual(fields);
  });

  it('does not bump the menu version (a check is no menu change)', async () => {
    const before = await h.database.db.select().from(menuVersion);
    await post(check());
    expect(await h.database.db.select().from(menuVersion)).toEqual(before);
    const [count] = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from transactions`,
    );
    expect(count?.n).toBeGreaterThan(10);
  });
});
