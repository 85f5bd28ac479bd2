import { EposProductType } from '@venue-voice/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from './connection';
import { familyGroups, majorGroups, products } from './schema';

const ADJECTIVES = [
  'Smoked',
  'Roast',
  'Spiced',
  'Crispy',
  'Glazed',
  'Grilled',
  'Braised',
  'Seared',
  'Pickled',
  'Toasted',
  'Charred',
  'Whipped',
];
const NOUNS = [
  'chicken',
  'salmon',
  'aubergine',
  'halloumi',
  'pork',
  'lamb',
  'tofu',
  'mushroom',
  'duck',
  'cod',
  'beetroot',
  'squash',
  'prawn',
  'beef',
];
const STYLES = ['bowl', 'wrap', 'burger', 'salad', 'plate', 'skewer', 'pie', 'curry', 'taco', 'flatbread'];

const SYNTHETIC_MAJOR_GROUPS = 12;
const SYNTHETIC_FAMILY_GROUPS = 40;
const REF_PREFIX = 'SYN-';

/** Name of the n-th synthetic product: varied words so text search and its index are exercised. */
export function syntheticProductName(n: number): string {
  const adjective = ADJECTIVES[n % ADJECTIVES.length];
  const noun = NOUNS[Math.floor(n / ADJECTIVES.length) % NOUNS.length];
  const style = STYLES[Math.floor(n / (ADJECTIVES.length * NOUNS.length)) % STYLES.length];
  return `${adjective} ${noun} ${style} ${n}`;
}

async function ensureGroups(db: Db, companyId: number) {
  await db
    .insert(majorGroups)
    .values(
      Array.from({ length: SYNTHETIC_MAJOR_GROUPS }, (_, i) => ({
        companyId,
        ref: `${REF_PREFIX}MG${i + 1}`,
        name: `Synthetic major ${i + 1}`,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(familyGroups)
    .values(
      Array.from({ length: SYNTHETIC_FAMILY_GROUPS }, (_, i) => ({
        companyId,
        ref: `${REF_PREFIX}FG${i + 1}`,
        name: `Synthetic family ${i + 1}`,
        weight: (i * 7) % 100,
      })),
    )
    .onConflictDoNothing();
  const majors = await db
    .select({ id: majorGroups.id })
    .from(majorGroups)
    .where(and(eq(majorGroups.companyId, companyId), like(majorGroups.ref, `${REF_PREFIX}%`)));
  const families = await db
    .select({ id: familyGroups.id })
    .from(familyGroups)
    .where(and(eq(familyGroups.companyId, companyId), like(familyGroups.ref, `${REF_PREFIX}%`)));
  return { majors: majors.map((m) => m.id), families: families.map((f) => f.id) };
}

/**
 * Adds `count` synthetic products to a company's menu (for benchmarks), in batches of one
 * transaction each. Refs continue after the synthetic products already there, so it can be re-run.
 * Every tenth product has a family group and no major group (the D3 misc case).
 */
export async function seedSyntheticMenu(
  db: Db,
  options: { count: number; companyId?: number; batchSize?: number },
): Promise<number> {
  const companyId = options.companyId ?? 1;
  const batchSize = options.batchSize ?? 2000;
  const { majors, families } = await ensureGroups(db, companyId);
  const [{ existing = 0 } = {}] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.companyId, companyId), like(products.ref, `${REF_PREFIX}%`)));
  const types = [EposProductType.FOOD, EposProductType.DRINK, EposProductType.OTHER];
  for (let start = 0; start < options.count; start += batchSize) {
    const rows: (typeof products.$inferInsert)[] = [];
    for (let i = start; i < Math.min(options.count, start + batchSize); i++) {
      const n = existing + i + 1;
      rows.push({
        companyId,
        ref: `${REF_PREFIX}${n}`,
        name: syntheticProductName(n),
        type: types[n % 7 === 0 ? 2 : n % 3 === 0 ? 1 : 0] ?? EposProductType.FOOD,
        majorGroupId: n % 10 === 0 ? null : (majors[n % majors.length] ?? null),
        familyGroupId: families[n % families.length] ?? null,
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(rows).onConflictDoNothing();
    });
  }
  // Fresh statistics so the planner sees the real table size (and picks the trigram index).
  await db.execute(sql`analyze ${products}`);
  return options.count;
}
