import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { products } from '../db/schema';

/** The menu names of a company's products by ref (a ref no longer on the menu is absent). */
export async function productNames(
  db: Db,
  companyId: number,
  refs: Iterable<string>,
): Promise<Record<string, string>> {
  const wanted = [...new Set(refs)];
  if (wanted.length === 0) return {};
  const rows = await db
    .select({ ref: products.ref, name: products.name })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.ref, wanted)));
  return Object.fromEntries(rows.map((row) => [row.ref, row.name]));
}
