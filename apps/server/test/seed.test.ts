import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/connection';
import {
  branches,
  companies,
  familyGroups,
  majorGroups,
  pins,
  products,
  responses,
  staffMembers,
  surveys,
  teams,
  transactions,
} from '../src/db/schema';
import { seedDemo } from '../src/db/seed';
import { seedSyntheticMenu, syntheticProductName } from '../src/db/seed-menu';
import { DEMO_HISTORY } from '../src/db/seed-responses';
import { hashPasscode, verifyPasscode } from '../src/lib/passcode';
import { sealKnownPasscode } from '../src/services/devices/admin';
import { openPasscode } from '../src/services/devices/passcode-seal';
import { databases } from './databases';

describe.each(databases())('demo seed on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  let firstRun: boolean;
  beforeAll(async () => {
    ({ database, drop } = await target.create({ seed: false }));
    firstRun = await seedDemo(database.db, { now: new Date('2025-06-14T18:30:00Z') });
  });
  afterAll(async () => {
    await drop?.();
  });

  const total = async (table: PgTable) => (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  it('seeds an empty database once; a second call does nothing', async () => {
    expect(firstRun).toBe(true);
    expect(await seedDemo(database.db)).toBe(false);
    expect((await database.db.select({ n: count() }).from(companies))[0]?.n).toBe(1);
  });

  it('api.md demo data: company, branches and surveys with fixed ids', async () => {
    expect(
      await database.db
        .select({ id: companies.id, key: companies.key, name: companies.name })
        .from(companies),
    ).toEqual([{ id: 1, key: 'demo', name: 'Demo Hospitality Group' }]);
    const b = await database.db
      .select({
        id: branches.id,
        name: branches.name,
        pins: branches.enableStaffPinCodes,
        lat: branches.latitude,
      })
      .from(branches)
      .orderBy(branches.id);
    expect(b).toEqual([
      { id: 1, name: 'Demo Bistro Soho', pins: true, lat: 51.5136 },
      { id: 2, name: 'Demo Bistro Manchester', pins: false, lat: 53.4794 },
      { id: 3, name: 'Demo Pop-up Shoreditch', pins: false, lat: 51.5246 },
    ]);
    const s = await database.db
      .select({ slug: surveys.slug, epos: surveys.eposEnabled })
      .from(surveys)
      .orderBy(surveys.id);
    expect(s).toEqual([
      { slug: 'demo-bistro', epos: true },
      { slug: 'demo-cafe', epos: false },
      { slug: 'demo-table', epos: true },
    ]);
  });

  it('the device passcode demo1 is stored only as a scrypt hash', async () => {
    const rows = await database.db.select({ hash: branches.devicePasscodeHash }).from(branches);
    for (const { hash } of rows) {
      expect(hash).not.toContain('demo1');
      expect(await verifyPasscode('demo1', hash ?? '')).toBe(true);
      expect(await verifyPasscode('demo2', hash ?? '')).toBe(false);
    }
  });

  it('menu: ≥ 60 products, ≥ 4 major and ≥ 6 family groups, some with a family group and no major group', async () => {
    expect(await total(products)).toBeGreaterThanOrEqual(60);
    expect(await total(majorGroups)).toBeGreaterThanOrEqual(4);
    expect(await total(familyGroups)).toBeGreaterThanOrEqual(6);
    const orphans = await database.db
      .select({ n: count() })
      .from(products)
      .where(and(isNull(products.majorGroupId), isNotNull(products.familyGroupId)));
    expect(orphans[0]?.n).toBeGreaterThan(0);
  });

  it('staff and teams of api.md', async () => {
    expect(
      (await database.db.select({ name: teams.name }).from(teams).orderBy(teams.id)).map((t) => t.name),
    ).toEqual(['Front of house', 'Bar', 'Kitchen']);
    const staff = await database.db
      .select({
        name: staffMembers.displayName,
        pin: staffMembers.pinCode,
        status: staffMembers.status,
        admin: staffMembers.hasSettingsAccess,
      })
      .from(staffMembers)
      .where(eq(staffMembers.branchId, 1));
    expect(staff).toEqual(
      expect.arrayContaining([
        { name: 'Alex', pin: '1111', status: 1, admin: true },
        { name: 'Sam', pin: '2222', status: 1, admin: false },
        { name: 'Jo', pin: '3333', status: 0, admin: false },
      ]),
    );
    expect(staff.length).toBeGreaterThan(3);
  });

  it('receipt PINs 123456–123466 (each with a transaction of its own) and 999999 (without)', async () => {
    const rows = await database.db
      .select({ code: pins.pinCode, tx: pins.transactionId })
      .from(pins)
      .orderBy(pins.pinCode);
    const receipts = Array.from({ length: 11 }, (_, i) => String(123456 + i));
    expect(rows.map((row) => row.code)).toEqual([...receipts, '999999']);
    expect(rows[0]).toEqual({ code: '123456', tx: 1 });
    expect(rows.at(-1)).toEqual({ code: '999999', tx: null });
    const txIds = rows.slice(0, 11).map((row) => row.tx);
    expect(new Set(txIds).size).toBe(11);
    expect(txIds).not.toContain(null);
    // Each is a receipt like 123456: closed, 2 covers, 5 lines, at branch 1 under its own PIN.
    const receiptRows = await database.db.select().from(transactions).where(eq(transactions.open, false));
    for (const row of rows.slice(0, 11)) {
      const tx = receiptRows.find((candidate) => candidate.id === row.tx);
      expect(tx).toMatchObject({ branchId: 1, pinCode: row.code, covers: 2, open: false });
      expect(tx?.menuItems).toHaveLength(5);
    }
  });

  it('identity sequences start after the seeded ids', async () => {
    const [row] = await database.db
      .insert(teams)
      .values({ companyId: 1, name: 'Terrace' })
      .returning({ id: teams.id });
    expect(row?.id).toBe(4);
  });

  it('a few hundred responses of the 90 days before the seed’s clock, at every branch and survey, folded', async () => {
    const [stored] = await queryRows<{
      n: number;
      first: string;
      last: string;
      branches: number[];
      surveys: number[];
      waiting: number;
      counted: number;
      languages: string[];
    }>(
      database.db,
      sql`select count(*)::int as n, min(visit_datetime) as first, max(visit_datetime) as last,
        array_agg(distinct branch_id order by branch_id) as branches,
        array_agg(distinct survey_id order by survey_id) as surveys,
        count(*) filter (where not folded)::int as waiting,
        (select sum(responses)::int from report_days) as counted,
        array_agg(distinct language order by language) as languages
        from responses`,
    );
    expect(stored).toEqual({
      n: DEMO_HISTORY.count,
      first: expect.stringMatching(/^2025-03-1[67] /),
      last: expect.stringMatching(/^2025-06-13 /),
      branches: [1, 2, 3],
      surveys: [1, 2, 3],
      waiting: 0,
      counted: DEMO_HISTORY.count,
      languages: ['de', 'en-gb', 'es', 'it'],
    });
    // None uses a demo receipt: each receipt is left for a guest to answer with (a receipt backs one response).
    expect(await total(responses)).toBe(DEMO_HISTORY.count);
    expect(
      (await database.db.select({ n: count() }).from(responses).where(isNotNull(responses.transactionId)))[0]
        ?.n,
    ).toBe(0);
  });

  it('the synthetic menu adds products in batches and can run again', async () => {
    const before = await total(products);
    await seedSyntheticMenu(database.db, { count: 250, batchSize: 100 });
    await seedSyntheticMenu(database.db, { count: 50 });
    expect(await total(products)).toBe(before + 300);
    const misc = await database.db
      .select({ n: count() })
      .from(products)
      .where(and(isNull(products.majorGroupId), isNotNull(products.familyGroupId)));
    expect(misc[0]?.n).toBeGreaterThan(30);
    expect(syntheticProductName(1)).not.toBe(syntheticProductName(2));
  });
});

describe.each(databases())('demo seed with the passcode key on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  const key = Buffer.alloc(32, 7);
  beforeAll(async () => {
    ({ database, drop } = await target.create({ seed: false }));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('seals demo1 for each branch as it seeds, so sealKnownPasscode has nothing left to do', async () => {
    expect(await seedDemo(database.db, { passcodeKey: key })).toBe(true);
    const rows = await database.db
      .select({ id: branches.id, sealed: branches.devicePasscodeSealed })
      .from(branches)
      .orderBy(branches.id);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    for (const row of rows) expect(openPasscode(key, row.id, row.sealed ?? '')).toBe('demo1');
    expect(await sealKnownPasscode(database.db, key, 'demo1')).toEqual([]);
  });
});

describe.each(databases())('demo seed with a passcode hash started early on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create({ seed: false }));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('stores the hash main.ts started while PGlite opened (decision 0152), not a new one', async () => {
    const passcodeHash = hashPasscode('demo1');
    expect(await seedDemo(database.db, { passcodeHash })).toBe(true);
    const rows = await database.db.select({ hash: branches.devicePasscodeHash }).from(branches);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.hash).toBe(await passcodeHash);
    expect(await verifyPasscode('demo1', rows[0]?.hash ?? '')).toBe(true);
  });
});
