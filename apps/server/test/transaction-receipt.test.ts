import { transactionResponseSchema } from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateLimitStore } from '../src/services/rate-limit/database-store';
import { failureLimiter } from '../src/services/rate-limit/limiter';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { create, createPayload } from './submit-fixtures';

/**
 * Issue 26 items 1, 2 and 5 on survey.transaction: a transaction a response already rates answers 409
 * 10031 at the lookup (decision 0174); demo-table looks table numbers up, with every table answer the
 * demo can give, and a long number is INVALID-PIN-LENGTH (0175); the receipt's details come with the
 * check (0175).
 */
describe.each(databases())('survey.transaction receipts and tables on $name', (target) => {
  let h: Harness;
  let addresses = 0;
  /** A lookup from an address of its own unless one is given: the lookup limits are on (decision 0051). */
  const lookup = (query: string, slug = 'demo-bistro', address = `198.51.100.${++addresses}`) =>
    call(h.app, {
      method: 'GET',
      url: `/api/v1/survey/transaction?${query}`,
      headers: web(slug),
      remoteAddress: address,
    });

  beforeAll(async () => {
    h = await startHarness(target, {
      deps: (database) => ({ rateLimiter: failureLimiter(databaseRateLimitStore(database.db)) }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('a used receipt (10031)', () => {
    it('PIN 123457 is found until a response rates it, then the lookup is 409 10031 for the guest', async () => {
      const before = await lookup('branchId=1&pin=123457');
      expect(before.status).toBe(200);
      const ref = before.body.data.transactionRef as string;
      expect((await create(h.app, createPayload({ pinCode: ref }))).status).toBe(200);

      const after = await lookup('branchId=1&pin=123457');
      expect(after.status).toBe(409);
      expect(after.body.error).toMatchObject({
        code: 10031,
        ui: true,
        message: 'This receipt has already been used for feedback',
        detail: { fields: [{ field: 'pin', in: 'querystring' }] },
      });
      // Another receipt is untouched.
      expect((await lookup('branchId=1&pin=123458')).body.data.pin.validData).toBe(true);
    });

    it("table 12's open check, once rated, is 409 10031 for the next guest at the table", async () => {
      expect((await lookup('branchId=1&tableId=12', 'demo-table')).status).toBe(200);
      const rated = await create(
        h.app,
        createPayload({
          pinCode: '2',
          url_params: { table_id: '12' },
          questionMap: [301],
          answers: {
            questions: [{ id: 301, answer: { text: 'Lovely' } }],
            indicators: [{ id: 21, score: 4 }],
            csatScore: null,
            npsScore: null,
          },
        }),
        web('demo-table'),
      );
      expect(rated.status).toBe(200);
      const after = await lookup('branchId=1&tableId=012', 'demo-table');
      expect(after.status).toBe(409);
      expect(after.body.error).toMatchObject({ code: 10031, detail: { fields: [{ field: 'tableId' }] } });
    });

    it('a used receipt is not a wrong guess: after eight tries the same address still finds a receipt', async () => {
      const address = '203.0.113.9';
      for (let i = 0; i < 8; i += 1) {
        expect((await lookup('branchId=1&pin=123457', 'demo-bistro', address)).status).toBe(409);
      }
      expect((await lookup('branchId=1&pin=123459', 'demo-bistro', address)).status).toBe(200);
      // While five wrong guesses do lock it out (the limit is on here).
      for (let i = 0; i < 5; i += 1) await lookup('branchId=1&pin=654321', 'demo-bistro', address);
      expect((await lookup('branchId=1&pin=123459', 'demo-bistro', address)).status).toBe(429);
    });
  });

  describe('demo-table: table numbers looked up', () => {
    it('the survey has EPOS and table entry, at Soho and the pop-up', async () => {
      const config = await call(h.app, {
        method: 'GET',
        url: '/api/v1/survey/config?edge=surveys',
        headers: web('demo-table'),
      });
      expect(config.body.data.surveys[0]).toMatchObject({
        slug: 'demo-table',
        eposEnabled: true,
        tableNumberEntry: true,
      });
      const branches = await call(h.app, {
        method: 'GET',
        url: '/api/v1/survey/branch',
        headers: web('demo-table'),
      });
      expect(branches.body.data.branches.map((b: { name: string }) => b.name).sort()).toEqual([
        'Demo Bistro Soho',
        'Demo Pop-up Shoreditch',
      ]);
    });

    it.each([
      ['1', '7', 'NO-TRANSACTION-DATA'],
      ['1', '12345', 'INVALID-PIN-LENGTH'],
      ['1', '9'.repeat(64), 'INVALID-PIN-LENGTH'],
      ['1', 'abc', 'INVALID-PIN'],
      ['3', '12', 'NO-ACCOUNT'],
      ['2', '12', 'NO-BRANCH'],
    ])('branch %s, table %j: %s', async (branchId, table, error) => {
      const r = await lookup(`branchId=${branchId}&tableId=${table}`, 'demo-table');
      expect(r.status).toBe(200);
      expect(r.body.data.pin).toMatchObject({ validData: false, error });
    });

    it('a table number over 64 characters is a malformed request (10009)', async () => {
      const r = await lookup(`branchId=1&tableId=${'1'.repeat(65)}`, 'demo-table');
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe(10009);
    });
  });

  describe('the receipt details (digital receipt)', () => {
    it("receipt 123458: each line's price, the discount, service charge, server and table", async () => {
      const data = transactionResponseSchema.parse((await lookup('branchId=1&pin=123458')).body.data);
      expect(data.transaction?.menuItems.map((i) => [i.menuItemName, i.price])).toEqual([
        ['Tomato soup', 9],
        ['Beef burger', 24.5],
        ['Spaghetti carbonara', 21],
        ['Cola', 4.5],
        ['House red glass', 12.5],
      ]);
      expect(data.transaction?.check).toMatchObject({
        subtotal: 71.5,
        discount: 7.15,
        serviceCharge: 8.04,
        server: 'Priya',
        // A counter receipt: no table.
        tableNumber: null,
      });
    });
  });
});
