import type { Db } from '../../src/db/connection';
import { integrationKeys } from '../../src/db/schema';
import { DEMO_FAMILY_GROUPS, DEMO_MAJOR_GROUPS, DEMO_PRODUCTS } from '../../src/db/seed/demo-menu';
import { newKey } from '../../src/services/integrations';

/** A live integration key of the company with these scopes, as the Authorization header a till sends. */
export async function keyHeaders(
  db: Db,
  companyId: number,
  scopes: string[],
  options: { revoked?: boolean } = {},
): Promise<{ authorization: string }> {
  const { key, keyHash, prefix } = newKey();
  await db.insert(integrationKeys).values({
    companyId,
    name: `till test ${prefix}`,
    prefix,
    keyHash,
    scopes,
    ...(options.revoked ? { revokedAt: new Date() } : {}),
  });
  return { authorization: `Bearer ${key}` };
}

/** The demo menu as PUT /integrations/menu takes it (refs as the seed numbers them). */
export function demoMenuBody() {
  const majorRef = new Map(DEMO_MAJOR_GROUPS.map((g) => [g.id, g.ref]));
  const familyRef = new Map(DEMO_FAMILY_GROUPS.map((g) => [g.id, g.ref]));
  return {
    majorGroups: DEMO_MAJOR_GROUPS.map(({ ref, name }) => ({ ref, name })),
    familyGroups: DEMO_FAMILY_GROUPS.map(({ ref, name, weight }) => ({ ref, name, weight })),
    products: DEMO_PRODUCTS.map((p) => ({
      ref: p.ref,
      name: p.name,
      type: p.type,
      majorGroupRef: p.majorGroupId === null ? null : (majorRef.get(p.majorGroupId) ?? null),
      familyGroupRef: p.familyGroupId === null ? null : (familyRef.get(p.familyGroupId) ?? null),
    })),
  };
}

/** A synthetic menu of `count` products over 20 major and 50 family groups (the 10,000-product figure). */
export function bigMenuBody(count: number, tag = 'S') {
  return {
    majorGroups: Array.from({ length: 20 }, (_, i) => ({ ref: `M${i}`, name: `Major ${i}` })),
    familyGroups: Array.from({ length: 50 }, (_, i) => ({ ref: `F${i}`, name: `Family ${i}`, weight: i })),
    products: Array.from({ length: count }, (_, i) => ({
      ref: `${tag}${i}`,
      name: `Product ${tag} ${i}`,
      type: (i % 3) + 1,
      majorGroupRef: i % 7 === 0 ? null : `M${i % 20}`,
      familyGroupRef: `F${i % 50}`,
    })),
  };
}
