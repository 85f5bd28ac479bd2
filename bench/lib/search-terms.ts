/**
 * Search terms for the menu benchmark: 3–6 letter pieces of real product names (hits) and random
 * letter strings checked to match no product or group name (misses).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/connection';
import { familyGroups, majorGroups, products } from '../../apps/server/src/db/schema';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** Lower-cased product names, and every name a products text search looks at (groups too, by default). */
export async function searchableNames(
  db: Db,
  companyId: number,
): Promise<{ productNames: string[]; allNames: string[] }> {
  const [p, m, f] = await Promise.all([
    db.select({ name: products.name }).from(products).where(eq(products.companyId, companyId)),
    db.select({ name: majorGroups.name }).from(majorGroups).where(eq(majorGroups.companyId, companyId)),
    db.select({ name: familyGroups.name }).from(familyGroups).where(eq(familyGroups.companyId, companyId)),
  ]);
  const productNames = p.map((r) => r.name.toLowerCase());
  return { productNames, allNames: [...productNames, ...[...m, ...f].map((r) => r.name.toLowerCase())] };
}

/** A 3–6 letter piece of a letters-only word of a random product name. */
export function hitTerm(productNames: readonly string[]): string {
  for (;;) {
    const name = productNames[randomInt(0, productNames.length - 1)] ?? '';
    const words = name.split(/[^a-z]+/).filter((w) => w.length >= 3);
    const word = words[randomInt(0, words.length - 1)];
    if (!word) continue;
    const length = randomInt(3, Math.min(6, word.length));
    const start = randomInt(0, word.length - length);
    return word.slice(start, start + length);
  }
}

/** A random 3–6 letter string found in none of the names. */
export function missTerm(names: readonly string[]): string {
  for (;;) {
    const length = randomInt(3, 6);
    let term = '';
    for (let i = 0; i < length; i++) term += LETTERS[randomInt(0, LETTERS.length - 1)];
    if (!names.some((n) => n.includes(term))) return term;
  }
}

/** `count` terms, `missShare` of them misses, in random order. */
export function searchTerms(
  names: readonly string[],
  productNames: readonly string[],
  count: number,
  missShare: number,
): { term: string; hit: boolean }[] {
  const terms = Array.from({ length: count }, () =>
    Math.random() < missShare
      ? { term: missTerm(names), hit: false }
      : { term: hitTerm(productNames), hit: true },
  );
  return terms;
}
