import { sql } from 'drizzle-orm';
import { hashPasscode } from '../lib/passcode';
import { sealPasscode } from '../services/devices/passcode-seal';
import type { Db } from './connection';
import {
  branches,
  companies,
  companyConfig,
  familyGroups,
  majorGroups,
  pins,
  products,
  staffMembers,
  surveyBranches,
  surveys,
  teams,
  transactions,
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
import { DEMO_SURVEYS } from './seed/demo-surveys';
import { seedDemoVouchers } from './seed/demo-vouchers';

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
];

// Any constant works: it only makes concurrent starts (several replicas) seed one after the other.
const SEED_LOCK = 7_410_001;

const hasCompany = async (db: Pick<Db, 'select'>) =>
  (await db.select({ id: companies.id }).from(companies).limit(1)).length > 0;

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

    await tx.insert(companies).values(DEMO_COMPANY);
    const companyId = DEMO_COMPANY.id;
    await tx.insert(branches).values(
      DEMO_BRANCHES.map((b) => ({
        ...b,
        companyId,
        devicePasscodeHash: passcodeHash,
        // Sealed here, sealKnownPasscode has nothing to verify: two scrypt checks fewer on a first start.
        ...(passcodeKey ? { devicePasscodeSealed: sealPasscode(passcodeKey, b.id, DEMO_PASSCODE) } : {}),
      })),
    );
    await tx.insert(companyConfig).values({ companyId, ...DEMO_CONFIG });
    await tx.insert(surveys).values(
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
      })),
    );
    await tx
      .insert(surveyBranches)
      .values(DEMO_SURVEYS.flatMap((s) => s.branchIds.map((branchId) => ({ surveyId: s.id, branchId }))));
    await tx.insert(teams).values(DEMO_TEAMS.map((t) => ({ ...t, companyId, status: 1 })));
    await tx.insert(staffMembers).values(DEMO_STAFF);
    await tx.insert(majorGroups).values(DEMO_MAJOR_GROUPS.map((g) => ({ ...g, companyId })));
    await tx.insert(familyGroups).values(DEMO_FAMILY_GROUPS.map((g) => ({ ...g, companyId })));
    await tx.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...p, companyId })));
    await tx.insert(transactions).values(demoTransactions(now));
    await tx.insert(pins).values(DEMO_PINS);
    await seedDemoVouchers(tx);

    for (const table of SEEDED_TABLES) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(table)}), false)`,
      );
    }
    return true;
  });
}
