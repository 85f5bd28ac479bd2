import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FAMILY_GROUPS, DEMO_MAJOR_GROUPS, demoProduct } from '../src/db/seed/demo-menu';
import { databases } from './databases';
import { call, type Harness, startHarness, web } from './harness';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { storeResponses } from './support/inbox';
import { keyHeaders } from './support/till';

// Issue 31 item 4, decision 0260: GET /console/transactions, the preview's read of a branch's till checks
// (O15.45–O15.47). The checks are sent as a till sends them; their days (2019) are this file's alone.

const line = (name: string, extra: Record<string, unknown> = {}) => {
  const p = demoProduct(name);
  return { menuItemObjectNumber: p.ref, menuItemName: p.name, type: p.type, price: 9, quantity: 1, ...extra };
};
const PIN = '482913';

describe.each(databases())('GET /console/transactions on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  const ids: Record<string, number> = {};
  const list = (headers: ConsoleHeaders, query: string) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}/transactions?${query}`, headers: { ...headers } });
  const checkIds = (body: { data: { items: { checkId: string }[] } }) =>
    body.data.items.map((item) => item.checkId);

  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    const till = await keyHeaders(h.database.db, 1, ['transactions:write']);
    const send = async (checkId: string, payload: Record<string, unknown>) => {
      const answer = await call(h.app, {
        method: 'POST',
        url: '/api/v1/integrations/transactions',
        headers: till,
        payload: { branchId: 1, checkId, covers: 2, subtotal: 40, items: [], ...payload },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids[checkId] = answer.body.data.id;
    };
    await send('H2-Lunch', {
      pin: PIN,
      tableId: '12',
      openedAt: '2019-07-14T12:05:00Z',
      covers: 3,
      subtotal: 54,
      server: 'Sam',
      items: [line('Tomato soup'), line('Cola', { quantity: 3 }), line('Beef burger'), line('Chips')],
    });
    await send('H2-Tea', { tableId: '7', openedAt: '2019-07-14T15:00:00Z' });
    await send('H2-Dinner', { tableId: '3', openedAt: '2019-07-14T19:30:00Z', open: false });
    // 23:30 UTC is half past midnight in London in July: the branch's next day.
    await send('H2-Late', { openedAt: '2019-07-14T23:30:00Z' });
    await send('H2-Branch2', { branchId: 2, openedAt: '2019-07-14T13:00:00Z' });
    await storeResponses(h.database.db, [
      { branchId: 1, visit: '2019-07-14 16:00:00', transactionId: ids['H2-Tea'] ?? null },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const DAY = 'from=2019-07-14&to=2019-07-14';

  it("O15.45 a branch's checks of a local day, newest first, each with its figures, and no PIN", async () => {
    const answer = await list(owner, `branchId=1&${DAY}`);
    expect(answer.status).toBe(200);
    expect(checkIds(answer.body)).toEqual(['H2-Dinner', 'H2-Tea', 'H2-Lunch']);
    const [dinner, tea, lunch] = answer.body.data.items;
    expect(lunch).toMatchObject({
      id: ids['H2-Lunch'],
      branchId: 1,
      tableId: '12',
      hasPin: true,
      openedAt: '2019-07-14T12:05:00.000Z',
      // The branch's wall clock (Europe/London, summer time): the visit the Engine panel describes.
      openedLocal: '2019-07-14 13:05:00',
      open: true,
      rated: false,
      covers: 3,
      subtotal: 54,
      avgSpentPerHead: 18,
    });
    // G4.90 The guest lookup's transaction, as each check carries it, dates it on the same wall clock
    // (decision 0265; it was UTC before, an hour from the panel's visit time in a London summer).
    expect([lunch.transaction.checkOpenTime, lunch.transaction.check.checkOpenTime]).toEqual([
      '2019-07-14 13:05:00',
      '2019-07-14 13:05:00',
    ]);
    expect(tea).toMatchObject({ hasPin: false, rated: true, open: true });
    expect(dinner).toMatchObject({ open: false, rated: false, tableId: '3' });
    // O15.47 The receipt PIN is never answered, in any field.
    expect(JSON.stringify(answer.body)).not.toContain(PIN);
    expect(answer.body.data.nextCursor).toBeNull();
  });

  it("each line carries its product's type, family and major group, as the menu names them", async () => {
    const [lunch] = (await list(owner, 'branchId=1&q=H2-Lunch')).body.data.items;
    const group = (name: string) => {
      const product = demoProduct(name);
      return {
        menuItemName: name,
        type: product.type,
        majorGroupName: DEMO_MAJOR_GROUPS.find((g) => g.id === product.majorGroupId)?.name ?? null,
        familyGroupName: DEMO_FAMILY_GROUPS.find((g) => g.id === product.familyGroupId)?.name ?? null,
      };
    };
    expect(lunch.transaction.menuItems).toMatchObject(
      ['Tomato soup', 'Cola', 'Beef burger', 'Chips'].map(group),
    );
    expect(lunch.transaction.menuItems[1].type).not.toBe(lunch.transaction.menuItems[0].type);
    expect(lunch.transaction.menuItems[3].majorGroupName).toBeNull();
  });

  it("the check's transaction is the one the guest's lookup of its receipt PIN answers", async () => {
    const [lunch] = (await list(owner, 'branchId=1&q=H2-Lunch')).body.data.items;
    const guest = await call(h.app, {
      method: 'GET',
      url: `/api/v1/survey/transaction?branchId=1&pin=${PIN}`,
      headers: web(),
    });
    expect(guest.status).toBe(200);
    expect(guest.body.data.transaction).toEqual(lunch.transaction);
    expect(guest.body.data.transactionRef).toBe(String(lunch.id));
  });

  it('a check with a refund line (a negative price, as the till may send) is listed and looked up', async () => {
    const till = await keyHeaders(h.database.db, 1, ['transactions:write']);
    const sent = await call(h.app, {
      method: 'POST',
      url: '/api/v1/integrations/transactions',
      headers: till,
      payload: {
        branchId: 1,
        checkId: 'H2-Refund',
        pin: '482914',
        openedAt: '2019-07-20T12:00:00Z',
        covers: 1,
        subtotal: 0,
        items: [line('Tomato soup'), line('Tomato soup', { price: -9 })],
      },
    });
    expect(sent.status).toBe(201);
    const listed = await list(owner, 'branchId=1&q=H2-Refund');
    expect(listed.status).toBe(200);
    expect(listed.body.data.items[0].transaction.menuItems.map((i: { price: number }) => i.price)).toEqual([
      9, -9,
    ]);
    const guest = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/transaction?branchId=1&pin=482914',
      headers: web(),
    });
    expect(guest.status).toBe(200);
    expect(guest.body.data.transaction).toEqual(listed.body.data.items[0].transaction);
  });

  it("O15.45 days are the branch's local days: a check at 23:30 UTC in July is the next day's", async () => {
    expect(checkIds((await list(owner, 'branchId=1&from=2019-07-15&to=2019-07-15')).body)).toEqual([
      'H2-Late',
    ]);
    expect(checkIds((await list(owner, 'branchId=1&from=2019-07-14&to=2019-07-15')).body)).toEqual([
      'H2-Late',
      'H2-Dinner',
      'H2-Tea',
      'H2-Lunch',
    ]);
  });

  it.each([
    ['part of a check id, in any case', 'h2-din', ['H2-Dinner']],
    ['a table number as a guest types it', '012', ['H2-Lunch']],
    ['a whole receipt PIN', PIN, ['H2-Lunch']],
    ['not part of a PIN', PIN.slice(0, 4), []],
    ['LIKE characters as themselves', 'H2_', []],
  ])('O15.47 a search finds %s', async (_, q, found) => {
    const answer = await list(owner, `branchId=1&${DAY}&q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    expect(checkIds(answer.body)).toEqual(found);
  });

  it('O15.45 pages by cursor: none repeated, none skipped', async () => {
    const first = await list(owner, `branchId=1&${DAY}&limit=2`);
    expect(checkIds(first.body)).toEqual(['H2-Dinner', 'H2-Tea']);
    const cursor = first.body.data.nextCursor;
    expect(typeof cursor).toBe('string');
    const second = await list(owner, `branchId=1&${DAY}&limit=2&cursor=${cursor}`);
    expect(checkIds(second.body)).toEqual(['H2-Lunch']);
    expect(second.body.data.nextCursor).toBeNull();
  });

  it('O1.1 a manager of branch 1 reads branch 1; branch 2 is 404 10012 to them, as the reports answer', async () => {
    expect(checkIds((await list(manager, `branchId=1&${DAY}`)).body)).toEqual([
      'H2-Dinner',
      'H2-Tea',
      'H2-Lunch',
    ]);
    const refused = await list(manager, `branchId=2&${DAY}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe(10012);
    expect(JSON.stringify(refused.body)).not.toContain('H2-Branch2');
    // The owner sees branch 2's check.
    expect(checkIds((await list(owner, `branchId=2&${DAY}`)).body)).toEqual(['H2-Branch2']);
  });

  it("another company's branch and a branch that does not exist are 404 10012", async () => {
    for (const branchId of [20, 999]) {
      const answer = await list(owner, `branchId=${branchId}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe(10012);
    }
  });

  it.each([
    ['no branch', `${DAY}`, 10008, ['branchId']],
    ['a day that is none', 'branchId=1&from=2019-02-30', 10009, ['from']],
    ['to before from', 'branchId=1&from=2019-07-15&to=2019-07-14', 10009, ['to']],
    ['a limit of 51', 'branchId=1&limit=51', 10009, ['limit']],
    ['a cursor no page gave', 'branchId=1&cursor=abc', 10009, ['cursor']],
  ])('O15.45 refuses %s, naming the field', async (_, query, code, fields) => {
    const answer = await list(owner, query);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.detail.fields.map((f: { field: string }) => f.field)).toEqual(fields);
  });

  it('answers nobody without a session: 401 10005', async () => {
    const answer = await call(h.app, { method: 'GET', url: `${CONSOLE}/transactions?branchId=1` });
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe(10005);
  });
});
