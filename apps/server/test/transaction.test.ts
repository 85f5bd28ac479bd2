import { transactionResponseSchema } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, surveyBranches } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';

const tx = (query: string) => `/api/v1/survey/transaction?${query}`;

describe.each(databases())('survey.transaction on $name', (target) => {
  let h: Harness;
  const lookup = async (query: string, headers: Record<string, string> = web()) => {
    const r = await call(h.app, { method: 'GET', url: tx(query), headers });
    return r;
  };

  beforeAll(async () => {
    h = await startHarness(target);
    // A branch of the bistro survey with no EPOS location: lookups there find no account.
    await h.database.db.insert(branches).values({ id: 50, companyId: 1, name: 'Pop-up', locationId: null });
    await h.database.db.insert(surveyBranches).values({ surveyId: 1, branchId: 50 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('receipt PIN 123456 at branch 1: the transaction with 2 covers, 3 dishes and 2 drinks', async () => {
    const r = await lookup('branchId=1&templateId=1&pinType=pin&pin=123456');
    expect(r.status).toBe(200);
    const data = transactionResponseSchema.parse(r.body.data);
    expect(data.pin).toEqual({
      pinCode: '123456',
      validData: true,
      dateTime: '2025-06-14 17:00:00',
      sourceType: null,
      error: null,
    });
    expect(data.transaction?.check).toEqual({
      covers: 2,
      subtotal: 71.5,
      avgSpentPerHead: 35.75,
      checkOpenTime: '2025-06-14 17:00:00',
      discount: 7.15,
      serviceCharge: 8.04,
      server: 'Priya',
      tableNumber: '7',
    });
    const items = data.transaction?.menuItems ?? [];
    expect(items.filter((i) => i.type === 1)).toHaveLength(3);
    expect(items.filter((i) => i.type === 2)).toHaveLength(2);
    expect(items[0]).toEqual({
      menuItemObjectNumber: '1001',
      menuItemName: 'Tomato soup',
      type: 1,
      majorGroupId: 1,
      majorGroupName: 'Starters',
      familyGroupId: 1,
      familyGroupName: 'Soups',
      price: 9,
    });
    expect(data.branch?.id).toBe(1);
    expect(data.transactionRef).toBe('1');
  });

  it.each([
    ['date=now', '2025-06-14 18:30:00'],
    ['noVisit=true', '2025-06-14 18:30:00'],
    ['date=2025-06-13%2019:30', '2025-06-13 19:30:00'],
    ['date=13-06-2025%2019:30:15', '2025-06-13 19:30:15'],
  ])('%s sets pin.dateTime to %s (the server clock for now)', async (query, expected) => {
    const r = await lookup(`branchId=1&pin=123456&${query}`);
    expect(r.body.data.pin.dateTime).toBe(expected);
  });

  it.each(['date=yesterday', 'date=2025-13-40%2010:00', 'noVisit=maybe'])(
    '%s is 400 10009',
    async (query) => {
      const r = await lookup(`branchId=1&pin=123456&${query}`);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10009);
    },
  );

  it.each([
    ['999999', 'NO-TRANSACTION-DATA'],
    ['12345', 'INVALID-PIN-LENGTH'],
    ['1234567', 'INVALID-PIN-LENGTH'],
    ['1', 'INVALID-PIN-LENGTH'],
    ['654321', 'INVALID-PIN'],
    ['abcdef', 'INVALID-PIN'],
    ['12 456', 'INVALID-PIN'],
  ])('PIN %j at branch 1 is 200 with %s', async (pin, error) => {
    const r = await lookup(`branchId=1&templateId=1&pin=${encodeURIComponent(pin)}`);
    expect(r.status).toBe(200);
    const data = transactionResponseSchema.parse(r.body.data);
    expect(data.pin).toMatchObject({ pinCode: pin, validData: false, error });
    expect(data.transaction).toBeNull();
    expect(data.transactionRef).toBeNull();
  });

  it.each([
    ['99', 'a branch that does not exist'],
    ['99999999999', 'a branch id beyond the integer range'],
  ])('branchId %s (%s) is NO-BRANCH', async (branchId) => {
    const r = await lookup(`branchId=${branchId}&pin=123456`);
    expect(r.status).toBe(200);
    expect(r.body.data.pin.error).toBe('NO-BRANCH');
    expect(r.body.data.branch).toBeNull();
  });

  it('a PIN of branch 1 is not found at branch 2', async () => {
    const r = await lookup('branchId=2&pin=123456');
    expect(r.body.data.pin.error).toBe('INVALID-PIN');
    expect(r.body.data.branch.id).toBe(2);
  });

  it('a branch with no EPOS location is NO-ACCOUNT', async () => {
    const r = await lookup('branchId=50&pin=123456');
    expect(r.body.data.pin.error).toBe('NO-ACCOUNT');
  });

  it('the branch may come from X-Branch', async () => {
    const r = await lookup('pin=123456', web('demo-bistro', { 'x-branch': '1' }));
    expect(r.body.data.pin.validData).toBe(true);
  });

  describe('table numbers', () => {
    it.each(['12', '012', ' 12 '])('table %j at branch 1 finds the open check', async (table) => {
      const r = await lookup(`branchId=1&tableId=${encodeURIComponent(table)}`);
      const data = transactionResponseSchema.parse(r.body.data);
      expect(data.pin).toMatchObject({ pinCode: table, validData: true, error: null });
      expect(data.transaction?.check.covers).toBe(4);
      expect(data.transactionRef).toBe('2');
    });

    it('a matching checkId still finds it, another does not', async () => {
      expect((await lookup('branchId=1&tableId=12&checkId=CHK-1002')).body.data.pin.validData).toBe(true);
      expect((await lookup('branchId=1&tableId=12&checkId=CHK-9')).body.data.pin.error).toBe(
        'NO-TRANSACTION-DATA',
      );
    });

    it.each([
      ['7', 'NO-TRANSACTION-DATA'],
      ['5', 'NO-TRANSACTION-DATA'],
      ['abc', 'INVALID-PIN'],
      ['1.5', 'INVALID-PIN'],
      ['-3', 'INVALID-PIN'],
    ])('table %j is %s', async (table, error) => {
      const r = await lookup(`branchId=1&tableId=${table}`);
      expect(r.status).toBe(200);
      expect(r.body.data.pin).toMatchObject({ validData: false, error });
    });
  });

  it('a PVE reference nobody knows is INVALID-PIN', async () => {
    const r = await lookup('branchId=1&pinType=pve&pin=Q-77');
    expect(r.body.data.pin.error).toBe('INVALID-PIN');
  });

  it('neither pin nor tableId is 400 10008', async () => {
    const r = await lookup('branchId=1&templateId=1');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
  });

  it('no branch at all is 400 10008', async () => {
    const r = await lookup('pin=123456');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10008);
  });

  it('a survey without EPOS is 400 10024', async () => {
    const r = await lookup('branchId=1&pin=123456', web('demo-cafe'));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10024);
  });

  it('another template than the slug survey is 404 10013', async () => {
    const r = await lookup('branchId=1&templateId=2&pin=123456');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe(10013);
  });

  it('templateId may come as the X-Template-Id header', async () => {
    const r = await lookup('branchId=1&pin=123456', web('demo-bistro', { 'x-template-id': '1' }));
    expect(r.body.data.pin.validData).toBe(true);
    const wrong = await lookup('branchId=1&pin=123456', web('demo-bistro', { 'x-template-id': 'x' }));
    expect(wrong.body.error.code).toBe(10009);
  });

  it.each([
    'branchId=abc&pin=123456',
    'branchId=1&pin=123456&pinType=card',
    `branchId=1&pin=${'1'.repeat(70)}`,
  ])('%s is 400 10009', async (query) => {
    const r = await lookup(query);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10009);
  });

  describe('app mode', () => {
    it('the device branch is the default; templateId is required', async () => {
      const headers = await insertDevice(h.database, { branchId: 1 });
      const missing = await lookup('pin=123456', headers);
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe(10008);
      const found = await lookup('templateId=1&pin=123456', headers);
      expect(found.body.data.pin.validData).toBe(true);
    });

    it('another branch than the device branch is NO-BRANCH', async () => {
      const headers = await insertDevice(h.database, { branchId: 2 });
      const r = await lookup('templateId=1&branchId=1&pin=123456', headers);
      expect(r.body.data.pin.error).toBe('NO-BRANCH');
    });

    it('a template the device does not run is 404 10013; one without EPOS is 10024', async () => {
      const headers = await insertDevice(h.database, { branchId: 1 });
      expect((await lookup('templateId=777&pin=123456', headers)).body.error.code).toBe(10013);
      expect((await lookup('templateId=2&pin=123456', headers)).body.error.code).toBe(10024);
    });
  });
});
