import { productSchema } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/connection';
import { auditLog, familyGroups, majorGroups, menuVersion, products } from '../src/db/schema';
import { DEMO_PRODUCTS } from '../src/db/seed/demo-menu';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { addOtherCompany } from './submit-fixtures';
import { CONSOLE, DEMO_SIGN_INS, signIn } from './support/console';
import { bigMenuBody, demoMenuBody, keyHeaders } from './support/till';

const URL = '/api/v1/integrations/menu';
const productList = z.array(productSchema);

/**
 * Issue 30 item 6: PUT /integrations/menu replaces the company's whole menu in one transaction, set-based
 * (O12.4, O12.5), the tablets' menu sync sees it; PUT /console/menu is the owner's CSV import of it.
 */
describe.each(databases())('PUT /integrations/menu on $name', (target) => {
  let h: Harness;
  let till: { authorization: string };
  const put = (payload: object, headers: Record<string, string> = till, url = URL) =>
    call(h.app, { method: 'PUT', url, headers, payload });
  const companyProducts = (companyId: number) =>
    h.database.db.select().from(products).where(eq(products.companyId, companyId)).orderBy(products.ref);

  beforeAll(async () => {
    h = await startHarness(target);
    await addOtherCompany(h.database.db);
    till = await keyHeaders(h.database.db, 1, ['menu:write']);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('O12.5 replaces: a product no longer listed goes, a listed one is updated in place, a new one comes', async () => {
    const body = demoMenuBody();
    const [soup] = await h.database.db.select().from(products).where(eq(products.ref, '1001'));
    const dropped = body.products.pop();
    body.products[0] = { ...body.products[0], name: 'Tomato and basil soup' } as (typeof body.products)[0];
    body.products.push({
      ref: 'N1',
      name: 'Truffle fries',
      type: 1,
      majorGroupRef: null,
      familyGroupRef: '51',
    });
    body.majorGroups.push({ ref: '500', name: 'Brunch' });
    body.familyGroups = body.familyGroups.filter((g) => g.ref !== '61');
    body.products = body.products.filter((p) => p.familyGroupRef !== '61');

    const answer = await put(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      products: body.products.length,
      majorGroups: 5,
      familyGroups: 9,
    });
    const rows = await companyProducts(1);
    expect(rows.map((r) => r.ref).sort()).toEqual(body.products.map((p) => p.ref).sort());
    expect(rows.find((r) => r.ref === dropped?.ref)).toBeUndefined();
    // Same row, new name: stored lines and rated dishes keep naming it.
    expect(rows.find((r) => r.ref === '1001')).toMatchObject({ id: soup?.id, name: 'Tomato and basil soup' });
    const fries = rows.find((r) => r.ref === 'N1');
    const [sides] = await h.database.db.select().from(familyGroups).where(eq(familyGroups.ref, '51'));
    expect(fries).toMatchObject({ majorGroupId: null, familyGroupId: sides?.id });
    const groups = await h.database.db.select().from(familyGroups).where(eq(familyGroups.companyId, 1));
    expect(groups.map((g) => g.ref)).not.toContain('61');
    const majors = await h.database.db.select().from(majorGroups).where(eq(majorGroups.companyId, 1));
    expect(majors.map((g) => g.ref).sort()).toEqual(['100', '200', '300', '400', '500']);
  });

  it('the tablet’s menu sync (survey.menu.export) sees the new menu, the version moved on', async () => {
    const device = await insertDevice(h.database);
    const [before] = await h.database.db.select().from(menuVersion);
    const body = demoMenuBody();
    body.products.push({
      ref: 'SYNC1',
      name: 'Sync sundae',
      type: 1,
      majorGroupRef: '300',
      familyGroupRef: '31',
    });
    expect((await put(body)).status).toBe(200);
    const [after] = await h.database.db.select().from(menuVersion);
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
    const synced = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/menu/export?edge=products&limit=500&offset=0',
      headers: device,
    });
    expect(synced.status).toBe(200);
    const list = productList.parse(synced.body.data.products);
    expect(list).toHaveLength(DEMO_PRODUCTS.length + 1);
    expect(list.find((p) => p.ref === 'SYNC1')).toMatchObject({
      name: 'Sync sundae',
      major_group_name: 'Desserts',
    });
    // And the guest's menu search, through the server's menu copy.
    const search = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/menu/query?edge=products&text=sundae',
      headers: web(),
    });
    expect(search.body.data.products.map((p: { ref: string }) => p.ref)).toEqual(['SYNC1']);
  });

  it.each([
    [
      'a product ref twice',
      (b: ReturnType<typeof demoMenuBody>) =>
        b.products.push({ ...(b.products[3] as (typeof b.products)[0]) }),
      (b: ReturnType<typeof demoMenuBody>) => [`products.${b.products.length - 1}.ref`],
    ],
    [
      'a product of a family group not in the body',
      (b: ReturnType<typeof demoMenuBody>) => {
        b.familyGroups = b.familyGroups.filter((g) => g.ref !== '11');
      },
      (b: ReturnType<typeof demoMenuBody>) =>
        b.products.flatMap((p, i) => (p.familyGroupRef === '11' ? [`products.${i}.familyGroupRef`] : [])),
    ],
    [
      'a major group ref twice and a product without a name',
      (b: ReturnType<typeof demoMenuBody>) => {
        b.majorGroups.push({ ref: '100', name: 'Again' });
        b.products[2] = { ...(b.products[2] as (typeof b.products)[0]), name: ' ' };
      },
      () => ['products.2.name', 'majorGroups.4.ref'],
    ],
  ])('O12.4 %s: 400 10009 naming each item, nothing changed', async (_name, spoil, fields) => {
    const before = await companyProducts(1);
    const body = demoMenuBody();
    spoil(body);
    const answer = await put(body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(10009);
    expect(answer.body.error.detail.fields.map((f: { field: string }) => f.field).sort()).toEqual(
      fields(body).sort(),
    );
    expect(await companyProducts(1)).toEqual(before);
  });

  it('a key of another company replaces its own menu only; a key without menu:write is 403 10005', async () => {
    const before = await companyProducts(1);
    const other = await keyHeaders(h.database.db, 2, ['menu:write']);
    expect((await put(bigMenuBody(5, 'O'), other)).status).toBe(200);
    expect((await companyProducts(2)).map((p) => p.ref)).toEqual(['O0', 'O1', 'O2', 'O3', 'O4']);
    expect(await companyProducts(1)).toEqual(before);
    const checksOnly = await keyHeaders(h.database.db, 1, ['transactions:write']);
    const refused = await put(demoMenuBody(), checksOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 10005, detail: { requiredScope: 'menu:write' } });
  });

  // How long it takes is measured, not asserted: bench/till.bench.ts writes it to docs/performance.md.
  it('O12.5 10,000 products replace another 10,000 in one call', async () => {
    expect((await put(bigMenuBody(10_000, 'A'))).status).toBe(200);
    const answer = await put(bigMenuBody(10_000, 'B'));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ products: 10_000, removed: 10_000 });
    const [count] = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from products where company_id = 1 and ref like 'B%'`,
    );
    expect(count?.n).toBe(10_000);
    // The demo menu back, for the console's tests below.
    expect((await put(demoMenuBody())).status).toBe(200);
  }, 30_000);

  it('PUT /console/menu: the owner imports (audited); a manager is refused 403 10034', async () => {
    expect((await put(demoMenuBody())).status).toBe(200);
    const owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    const body = demoMenuBody();
    body.products.push({
      ref: 'CSV1',
      name: 'Imported pie',
      type: 1,
      majorGroupRef: '200',
      familyGroupRef: null,
    });
    const answer = await put(body, owner, `${CONSOLE}/menu`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({
      majorGroups: 4,
      familyGroups: 10,
      products: DEMO_PRODUCTS.length + 1,
      removed: 0,
    });
    const [entry] = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'menu.import'));
    expect(entry).toMatchObject({
      companyId: 1,
      subjectType: 'menu',
      detail: { products: DEMO_PRODUCTS.length + 1 },
    });

    const manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    const refused = await put(demoMenuBody(), manager, `${CONSOLE}/menu`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(10034);
    expect((await companyProducts(1)).map((p) => p.ref)).toContain('CSV1');
    const bad = await put(
      { ...demoMenuBody(), products: [{ ref: '1', name: 'x', type: 1, majorGroupRef: 'nope' }] },
      owner,
      `${CONSOLE}/menu`,
    );
    expect(bad.body.error).toMatchObject({
      code: 10009,
      detail: { fields: [{ field: 'products.0.majorGroupRef' }] },
    });
  });
});
