import { transactionResponseSchema } from '@venue-voice/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { branches, pins, surveyBranches, transactions } from '../src/db/schema';
import { transactionAnswer } from '../src/queries/transactions';
import { databases } from './databases';
import { call, type Harness, insertDevice, NOW, startHarness, web } from './harness';

const tx = (query: string) => `/api/v1/survey/transaction?${query}`;

// Decision 0265: the lookup's date-times are the branch's wall clock. Summer (London on BST) and winter
// instants, a zone ahead of UTC (Kolkata, +05:30, which moves the day), one behind (New York), and UTC.
const SUMMER = new Date('2025-06-14T17:00:00Z');
const WINTER = new Date('2025-01-14T23:30:00Z');
const ZONES = [
  // zone, the summer instant there, the winter instant there
  ['Europe/London', '2025-06-14 18:00:00', '2025-01-14 23:30:00'],
  ['Asia/Kolkata', '2025-06-14 22:30:00', '2025-01-15 05:00:00'],
  ['America/New_York', '2025-06-14 13:00:00', '2025-01-14 18:30:00'],
  // A UTC branch sees what every branch saw before: unchanged.
  ['UTC', '2025-06-14 17:00:00', '2025-01-14 23:30:00'],
] as const;

describe('G4.90 a check as the lookup answers it (transactionAnswer)', () => {
  const row = (checkOpenTime: Date) =>
    ({
      id: 1,
      branchId: 1,
      pinCode: null,
      tableId: '4',
      checkId: 'C-1',
      sourceType: null,
      covers: 2,
      subtotal: 30,
      avgSpentPerHead: 15,
      checkOpenTime,
      open: true,
      discount: null,
      serviceCharge: null,
      serverName: null,
      menuItems: [],
      createdAt: checkOpenTime,
      updatedAt: null,
    }) satisfies Parameters<typeof transactionAnswer>[0];

  it.each(
    ZONES.flatMap(([zone, summer, winter]) => [
      [zone, SUMMER.toISOString(), summer],
      [zone, WINTER.toISOString(), winter],
    ]),
  )("G4.90 on a %s branch a check opened at %s is dated %s, the branch's wall clock", (zone, at, local) => {
    const answer = transactionAnswer(row(new Date(at)), [], zone);
    expect(answer.checkOpenTime).toBe(local);
    expect(answer.check.checkOpenTime).toBe(local);
  });
});

describe.each(databases())('survey.transaction on $name', (target) => {
  let h: Harness;
  /** The app's clock: NOW unless a test moves it (and moves it back). */
  let now = NOW;
  const lookup = async (query: string, headers: Record<string, string> = web()) => {
    const r = await call(h.app, { method: 'GET', url: tx(query), headers });
    return r;
  };

  beforeAll(async () => {
    h = await startHarness(target, { clock: { now: () => new Date(now.getTime()) } });
    // A branch of the bistro survey with no EPOS location: lookups there find no account.
    await h.database.db.insert(branches).values({ id: 50, companyId: 1, name: 'Pop-up', locationId: null });
    await h.database.db.insert(surveyBranches).values({ surveyId: 1, branchId: 50 });
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    now = NOW;
  });

  it('receipt PIN 123456 at branch 1: the transaction with 2 covers, 3 dishes and 2 drinks', async () => {
    const r = await lookup('branchId=1&templateId=1&pinType=pin&pin=123456');
    expect(r.status).toBe(200);
    const data = transactionResponseSchema.parse(r.body.data);
    expect(data.pin).toEqual({
      pinCode: '123456',
      validData: true,
      // Opened 90 minutes before NOW (17:00 UTC), on the branch's wall clock (London, summer time).
      dateTime: '2025-06-14 18:00:00',
      sourceType: null,
      error: null,
    });
    expect(data.transaction?.check).toEqual({
      covers: 2,
      subtotal: 71.5,
      avgSpentPerHead: 35.75,
      checkOpenTime: '2025-06-14 18:00:00',
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
    ['date=now', '2025-06-14 19:30:00'],
    ['noVisit=true', '2025-06-14 19:30:00'],
    ['date=2025-06-13%2019:30', '2025-06-13 19:30:00'],
    ['date=13-06-2025%2019:30:15', '2025-06-13 19:30:15'],
  ])(
    '%s sets pin.dateTime to %s (the server clock for now, on the branch wall clock)',
    async (query, expected) => {
      const r = await lookup(`branchId=1&pin=123456&${query}`);
      expect(r.body.data.pin.dateTime).toBe(expected);
    },
  );

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

  describe("the branch's wall clock (decision 0265)", () => {
    // Branches 60–63 serve the bistro survey, one per zone; each has a receipt PIN opened in summer (its
    // check open on table 21) and one opened in winter. Branch 64 (Kolkata) serves no
    // survey of the slug: NO-BRANCH.
    const branchOf = (index: number) => 60 + index;
    const summerPin = (index: number) => `60${index}001`;
    const winterPin = (index: number) => `60${index}002`;

    beforeAll(async () => {
      const { db } = h.database;
      for (const [index, [zone]] of ZONES.entries()) {
        const branchId = branchOf(index);
        await db
          .insert(branches)
          .values({ id: branchId, companyId: 1, name: zone, locationId: `LOC-${branchId}`, timeZone: zone });
        await db.insert(surveyBranches).values({ surveyId: 1, branchId });
        for (const [pinCode, at, tableId] of [
          [summerPin(index), SUMMER, '21'],
          [winterPin(index), WINTER, null],
        ] as const) {
          const [check] = await db
            .insert(transactions)
            .values({
              branchId,
              pinCode,
              tableId,
              checkId: `Z-${pinCode}`,
              covers: 2,
              checkOpenTime: at,
              open: true,
            })
            .returning({ id: transactions.id });
          await db.insert(pins).values({ branchId, pinCode, transactionId: check?.id ?? null });
        }
      }
      await db
        .insert(branches)
        .values({ id: 64, companyId: 1, name: 'Elsewhere', locationId: 'LOC-64', timeZone: 'Asia/Kolkata' });
    });

    it.each(ZONES.map(([zone, summer, winter], index) => [zone, summer, winter, index]))(
      "G4.90 on a %s branch a receipt's check is dated %s (summer) and %s (winter), without a date the visit",
      async (_zone, summer, winter, index) => {
        for (const [pin, local] of [
          [summerPin(index), summer],
          [winterPin(index), winter],
        ]) {
          const data = transactionResponseSchema.parse(
            (await lookup(`branchId=${branchOf(index)}&pin=${pin}`)).body.data,
          );
          expect(data.pin.validData).toBe(true);
          expect([
            data.pin.dateTime,
            data.transaction?.checkOpenTime,
            data.transaction?.check.checkOpenTime,
          ]).toEqual([local, local, local]);
        }
      },
    );

    it.each(ZONES.map(([zone, summer], index) => [zone, summer, index]))(
      "G4.90 on a %s branch a table's open check is dated %s",
      async (_zone, summer, index) => {
        const data = transactionResponseSchema.parse(
          (await lookup(`branchId=${branchOf(index)}&tableId=21`)).body.data,
        );
        expect([data.pin.dateTime, data.transaction?.checkOpenTime]).toEqual([summer, summer]);
      },
    );

    it.each(ZONES.map(([zone, summer, winter], index) => [zone, summer, winter, index]))(
      'G4.89 on a %s branch date=now and noVisit are its wall clock: %s in summer, %s in winter',
      async (_zone, summer, winter, index) => {
        for (const [at, local] of [
          [SUMMER, summer],
          [WINTER, winter],
        ] as const) {
          now = at;
          for (const query of ['date=now', 'noVisit=true', 'date=NOW']) {
            const r = await lookup(`branchId=${branchOf(index)}&pin=${summerPin(index)}&${query}`);
            expect(r.body.data.pin.dateTime, query).toBe(local);
          }
        }
      },
    );

    it('G4.89 a date the guest gave is answered as given, whatever the zone', async () => {
      const r = await lookup(`branchId=${branchOf(1)}&pin=${summerPin(1)}&date=2025-06-13%2019:30`);
      expect(r.body.data.pin.dateTime).toBe('2025-06-13 19:30:00');
    });

    it.each([
      ['64', 'a branch of the company the survey does not serve'],
      ['99', 'a branch that does not exist'],
    ])('G4.89 branch %s (%s): NO-BRANCH, and now is UTC, no branch clock being read', async (branchId) => {
      now = SUMMER;
      const r = await lookup(`branchId=${branchId}&pin=${summerPin(1)}&date=now`);
      expect(r.body.data.pin).toMatchObject({ error: 'NO-BRANCH', dateTime: '2025-06-14 17:00:00' });
    });
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
