import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { products } from '../db/schema';

/**
 * The menu names of a company's products by ref (a ref no longer on the menu is absent). Without a
 * prototype: a ref is the till's text, and a dish whose ref is "constructor" must find no name, not
 * Object's function.
 */
export async function productNames(
  db: Db,
  companyId: number,
  refs: Iterable<string>,
): Promise<Record<string, string>> {
  const wanted = [...new Set(refs)];
  const names: Record<string, string> = Object.create(null);
  if (wanted.length === 0) return names;
  const rows = await db
    .select({ ref: products.ref, name: products.name })
    .from(products)
    .where(and(eq(products.companyId, companyId), inArray(products.ref, wanted)));
  for (const row of rows) names[row.ref] = row.name;
  return names;
}
