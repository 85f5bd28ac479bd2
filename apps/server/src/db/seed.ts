import { createHash } from 'node:crypto';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPasscode } from '../lib/passcode';
import { sealPasscode } from '../services/devices/passcode-seal';
import type { Db } from './connection';
import type { DemoTemplate } from './connection-template';
import {
  branches,
  companies,
  companyConfig,
  familyGroups,
  majorGroups,
  operatorBranches,
  operators,
  pins,
  products,
  staffMembers,
  surveyBranches,
  surveys,
  surveyVersions,
  teams,
  transactions,
  voucherCodes,
} from './schema';
import {
  DEMO_BRANCHES,
  DEMO_COMPANY,
  DEMO_CONFIG,
  DEMO_PASSCODE,
  DEMO_PINS,
  DEMO_STAFF,
  DEMO_TEAMS,
  demoTransactions,
} from './seed/demo-company';
import { DEMO_FAMILY_GROUPS, DEMO_MAJOR_GROUPS, DEMO_PRODUCTS } from './seed/demo-menu';
import { DEMO_OPERATOR_BRANCHES, DEMO_OPERATORS } from './seed/demo-operators';
import { DEMO_SURVEYS } from './seed/demo-surveys';
import { demoVoucherRows } from './seed/demo-vouchers';
import { seedDemoResponses } from './seed-responses';

/** Tables whose identity sequences must move past the fixed ids the seed inserts. */
const SEEDED_TABLES = [
  'companies',
  'branches',
  'surveys',
  'teams',
  'staff_members',
  'major_groups',
  'family_groups',
  'products',
  'transactions',
  'pins',
  'operators',
];

// Any constant works: it makes concurrent seeds run one after the other. The server seeds under its
// start lock too (db/start-lock.ts, decision 0190); this one covers callers without it (the tests).
const SEED_LOCK = 7_410_001;

const hasCompany = async (db: Pick<Db, 'select'>) =>
  (await db.select({ id: companies.id }).from(companies).limit(1)).length > 0;

/** One table's demo rows, typed against the table. */
const rowsOf = <T extends PgTable>(table: T, values: T['$inferInsert'][]) => ({ table, values });

/**
 * The demo company of api.md, table by table in insert order. Only the receipts' times depend on
 * `now`, and only the branches' passcode columns on `passcode` (see dateDemoCopy).
 */
function demoRows(now: Date, passcode: (branchId: number) => BranchPasscode) {
  const companyId = DEMO_COMPANY.id;
  return [
    rowsOf(companies, [DEMO_COMPANY]),
    rowsOf(
      branches,
      DEMO_BRANCHES.map((b) => ({ ...b, companyId, ...passcode(b.id) })),
    ),
    rowsOf(companyConfig, [{ companyId, ...DEMO_CONFIG }]),
    rowsOf(
      surveys,
      DEMO_SURVEYS.map((s) => ({
        id: s.id,
        companyId,
        slug: s.slug,
        name: s.name,
        templateLocale: s.templateLocale,
        eposEnabled: s.eposEnabled,
        showPinScreen: s.showPinScreen,
        tableNumberEntry: s.tableNumberEntry,
        active: true,
        definition: s.definition,
        questions: s.questions,
        version: 1,
        languages: s.document.languages,
        translations: s.document.translations,
      })),
    ),
    rowsOf(
      surveyVersions,
      DEMO_SURVEYS.map((s) => ({
        surveyId: s.id,
        version: 1,
        document: s.document,
        publishedAt: now,
      })),
    ),
    rowsOf(
      surveyBranches,
      DEMO_SURVEYS.flatMap((s) => s.branchIds.map((branchId) => ({ surveyId: s.id, branchId }))),
    ),
    rowsOf(
      teams,
      DEMO_TEAMS.map((t) => ({ ...t, companyId, status: 1 })),
    ),
    rowsOf(staffMembers, DEMO_STAFF),
    rowsOf(
      majorGroups,
      DEMO_MAJOR_GROUPS.map((g) => ({ ...g, companyId })),
    ),
    rowsOf(
      familyGroups,
      DEMO_FAMILY_GROUPS.map((g) => ({ ...g, companyId })),
    ),
    rowsOf(
      products,
      DEMO_PRODUCTS.map((p) => ({ ...p, companyId })),
    ),
    rowsOf(transactions, demoTransactions(now)),
    rowsOf(pins, DEMO_PINS),
    rowsOf(voucherCodes, demoVoucherRows()),
    rowsOf(
      operators,
      DEMO_OPERATORS.map((o) => ({ ...o, companyId })),
    ),
    rowsOf(operatorBranches, DEMO_OPERATOR_BRANCHES),
  ];
}

interface BranchPasscode {
  devicePasscodeHash: string;
  devicePasscodeSealed?: string;
}

/** The demo passcode's columns for a branch: its hash, and its seal when the key is known. */
const branchPasscode =
  (passcodeHash: string, passcodeKey?: Buffer) =>
  (branchId: number): BranchPasscode => ({
    devicePasscodeHash: passcodeHash,
    // Sealed here, sealKnownPasscode has nothing to verify: two scrypt checks fewer on a first start.
    ...(passcodeKey ? { devicePasscodeSealed: sealPasscode(passcodeKey, branchId, DEMO_PASSCODE) } : {}),
  });

/**
 * Names what seedDemo writes: its rows (receipts at a fixed time, a placeholder passcode) and the
 * tables they go to. The demo template (decision 0165) is kept under this name, so a change to the
 * demo data makes a new template instead of copying an old demo into new data dirs.
 */
export function demoSeedDigest(): string {
  const rows = demoRows(new Date(0), () => ({ devicePasscodeHash: '' }));
  const named = rows.map(({ table, values }) => [getTableName(table), values]);
  return createHash('sha256').update(JSON.stringify(named)).digest('hex').slice(0, 16);
}

/** The demo template a new data dir of the server copies (decision 0165): main.ts, the start bench. */
export const demoTemplate = (): DemoTemplate => ({
  digest: demoSeedDigest(),
  // Without the demo's responses: a copy gets them, dated, at its first start (dateDemoCopy).
  seed: (db) => seedDemo(db, { history: false }),
});

/**
 * Seeds the demo company of api.md when the database holds no company: same ids on every run, one
 * transaction, and a second call does nothing. Returns whether it seeded.
 */
export async function seedDemo(
  db: Db,
  options: {
    now?: Date /** Seals the demo passcode at once (main.ts), else sealKnownPasscode does later. */;
    passcodeKey?: Buffer;
    /** The demo passcode's hash, when the caller started it early (main.ts, on a new data dir). */
    passcodeHash?: Promise<string>;
    /** The demo's responses (decision 0237); the demo template leaves them to each copy's first start. */
    history?: boolean;
  } = {},
): Promise<boolean> {
  const { passcodeKey } = options;
  const now = options.now ?? new Date();
  // Every restart finds the demo there: say so before paying for a scrypt hash it would not use.
  if (await hasCompany(db)) return false;
  // Hash outside the transaction: scrypt is deliberately slow.
  const passcodeHash = await (options.passcodeHash ?? hashPasscode(DEMO_PASSCODE));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Again under the lock: another replica may have seeded since the check above.
    if (await hasCompany(tx)) return false;
    for (const { table, values } of demoRows(now, branchPasscode(passcodeHash, passcodeKey))) {
      // Each entry's rows were typed against its table by rowsOf; the loop only sees PgTable.
      if (values.length > 0) await tx.insert(table).values(values as never);
    }
    for (const table of SEEDED_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
      );
    }
    // A few hundred responses of the last 90 days, folded, so a new console is never empty.
    if (options.history !== false) await seedDemoResponses(tx as unknown as Db, now);
    return true;
  });
}

/**
 * Makes a copy of the demo template (decision 0165) what seedDemo would have written at `now`: the
 * receipts' times, the branches' passcode hashed with a salt of this data dir and sealed under its
 * key, and the demo's responses (which the template leaves out) dated from `now`. Two updates and one
 * insert in place of the seed's dozen first inserts, which cost ~0.7 s in WebAssembly.
 */
export async function dateDemoCopy(
  db: Db,
  options: { now: Date; passcodeKey: Buffer; passcodeHash?: Promise<string> },
): Promise<void> {
  const passcodeHash = await (options.passcodeHash ?? hashPasscode(DEMO_PASSCODE));
  const passcode = branchPasscode(passcodeHash, options.passcodeKey);
  const dated = demoTransactions(options.now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update transactions set check_open_time = dated.at
      from unnest(${sql.param(dated.map((t) => t.id))}::int[], ${sql.param(dated.map((t) => t.checkOpenTime.toISOString()))}::timestamptz[])
        as dated(id, at)
      where transactions.id = dated.id`);
    const branchIds = DEMO_BRANCHES.map((b) => b.id);
    await tx.execute(sql`
      update branches set device_passcode_hash = ${passcodeHash}, device_passcode_sealed = sealed.value
      from unnest(${sql.param(branchIds)}::int[], ${sql.param(branchIds.map((id) => passcode(id).devicePasscodeSealed))}::text[])
        as sealed(id, value)
      where branches.id = sealed.id`);
    // The demo surveys' first versions were published when the demo was made: at this start.
    await tx.execute(
      sql`update survey_versions set published_at = ${options.now.toISOString()}::timestamptz where version = 1 and published_by is null`,
    );
    // The demo's responses, dated from this start (decision 0237); a second dating adds none.
    await seedDemoResponses(tx as unknown as Db, options.now);
  });
}
