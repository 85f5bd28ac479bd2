import {
  type FamilyGroup,
  type MajorGroup,
  MISC_MAJOR_GROUP_REF,
  type OrderTerm,
  type Product,
  withMiscMajorGroups,
} from '@venue-voice/domain';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { familyGroups, majorGroups, products } from '../db/schema';

export interface Page {
  /** null: every row from offset on (auto pagination of the small group edges). */
  limit: number | null;
  offset: number;
}

/** LIKE pattern for a case-insensitive "contains"; the user's %, _ and \ match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `lower(column) LIKE lower(pattern)`: the form the GIN trigram index on lower(products.name) serves. */
const ilikeContains = (column: SQL | typeof products.name, text: string) =>
  sql`lower(${column}) like lower(${containsPattern(text)})`;

// D3: a product with a family group and no major group is listed under the misc group of its family.
const productMajorRef = sql<
  string | null
>`coalesce(${majorGroups.ref}, case when ${familyGroups.id} is not null then ${MISC_MAJOR_GROUP_REF} || ${familyGroups.ref} end)`;
const productMajorName = sql<string | null>`coalesce(${majorGroups.name}, ${familyGroups.name})`;

export const productColumns = {
  id: products.id,
  ref: products.ref,
  name: products.name,
  type: products.type,
  majorGroupId: products.majorGroupId,
  familyGroupId: products.familyGroupId,
  major_group_ref: productMajorRef,
  major_group_name: productMajorName,
  family_group_ref: familyGroups.ref,
};

export const PRODUCT_SORT: Record<string, { expr: unknown; text: boolean }> = {
  id: { expr: products.id, text: false },
  ref: { expr: sql`${products.ref}`, text: true },
  name: { expr: sql`${products.name}`, text: true },
  type: { expr: products.type, text: false },
  major_group_ref: { expr: productMajorRef, text: true },
  major_group_name: { expr: productMajorName, text: true },
  family_group_ref: { expr: sql`${familyGroups.ref}`, text: true },
};

/**
 * ORDER BY mirroring the domain's compareByTerms: text case-insensitively then by code point
 * (COLLATE "C", so PGlite and PostgreSQL agree whatever their locale), nulls last, then id.
 */
export function orderBySql(
  terms: readonly OrderTerm[],
  columns: Record<string, { expr: unknown; text: boolean }>,
  id: unknown,
): SQL[] {
  const parts: SQL[] = [];
  for (const term of terms) {
    const column = columns[term.field];
    if (!column) continue;
    const dir = term.desc ? sql.raw('desc') : sql.raw('asc');
    if (column.text) {
      parts.push(
        sql`lower(${column.expr}) collate "C" ${dir} nulls last`,
        sql`${column.expr} collate "C" ${dir} nulls last`,
      );
    } else {
      parts.push(sql`${column.expr} ${dir} nulls last`);
    }
  }
  parts.push(sql`${id} asc`);
  return parts;
}

export interface ProductFilters {
  text?: string | undefined;
  textFields: readonly string[];
  type?: number | undefined;
  familyGroupRef?: string | undefined;
  majorGroupRef?: string | undefined;
  refs?: readonly string[] | undefined;
}

const familyIdByRef = (companyId: number, ref: string) =>
  sql`select ${familyGroups.id} from ${familyGroups} where ${familyGroups.companyId} = ${companyId} and ${familyGroups.ref} = ${ref}`;
const majorIdByRef = (companyId: number, ref: string) =>
  sql`select ${majorGroups.id} from ${majorGroups} where ${majorGroups.companyId} = ${companyId} and ${majorGroups.ref} = ${ref}`;

/** Text search over products: names through the trigram index; group names resolved to ids first. */
async function productTextCondition(db: Db, companyId: number, text: string, fields: readonly string[]) {
  const ors: SQL[] = [];
  if (fields.includes('name')) ors.push(ilikeContains(products.name, text));
  if (fields.includes('major_group_name')) {
    const majors = await db
      .select({ id: majorGroups.id })
      .from(majorGroups)
      .where(and(eq(majorGroups.companyId, companyId), ilikeContains(sql`${majorGroups.name}`, text)));
    const families = await db
      .select({ id: familyGroups.id })
      .from(familyGroups)
      .where(and(eq(familyGroups.companyId, companyId), ilikeContains(sql`${familyGroups.name}`, text)));
    if (majors.length > 0)
      ors.push(
        inArray(
          products.majorGroupId,
          majors.map((m) => m.id),
        ),
      );
    if (families.length > 0) {
      const misc = and(
        isNull(products.majorGroupId),
        inArray(
          products.familyGroupId,
          families.map((f) => f.id),
        ),
      );
      if (misc) ors.push(misc);
    }
  }
  return ors.length > 0 ? sql`(${sql.join(ors, sql` or `)})` : sql`false`;
}

/** The products query (exposed so a test can EXPLAIN it and check the trigram index is used). */
export async function buildProductsQuery(
  db: Db,
  companyId: number,
  filters: ProductFilters,
  order: readonly OrderTerm[],
  page: Page,
) {
  const conditions: (SQL | undefined)[] = [eq(products.companyId, companyId)];
  if (filters.text !== undefined) {
    conditions.push(await productTextCondition(db, companyId, filters.text, filters.textFields));
  }
  if (filters.type !== undefined) conditions.push(eq(products.type, filters.type));
  // Group refs become ids in scalar subqueries, so the (company, group) indexes on products apply.
  if (filters.familyGroupRef !== undefined) {
    conditions.push(sql`${products.familyGroupId} = (${familyIdByRef(companyId, filters.familyGroupRef)})`);
  }
  if (filters.majorGroupRef !== undefined) {
    const ref = filters.majorGroupRef;
    const miscFamily = sql`select ${familyGroups.id} from ${familyGroups} where ${familyGroups.companyId} = ${companyId} and ${MISC_MAJOR_GROUP_REF} || ${familyGroups.ref} = ${ref}`;
    conditions.push(
      sql`(${products.majorGroupId} = (${majorIdByRef(companyId, ref)}) or (${products.majorGroupId} is null and ${products.familyGroupId} in (${miscFamily})))`,
    );
  }
  if (filters.refs !== undefined) conditions.push(inArray(products.ref, [...filters.refs]));
  const query = db
    .select(productColumns)
    .from(products)
    .leftJoin(majorGroups, eq(majorGroups.id, products.majorGroupId))
    .leftJoin(familyGroups, eq(familyGroups.id, products.familyGroupId))
    .where(and(...conditions))
    .orderBy(...orderBySql(order, PRODUCT_SORT, products.id))
    .offset(page.offset);
  // Wrapped: a drizzle query is thenable, so returning it bare from an async function would run it.
  return { query: page.limit === null ? query : query.limit(page.limit) };
}

/** A page of the company's products with their (possibly misc) major group, filtered and ordered. */
export async function queryProducts(
  db: Db,
  companyId: number,
  filters: ProductFilters,
  order: readonly OrderTerm[],
  page: Page,
): Promise<Product[]> {
  const { query } = await buildProductsQuery(db, companyId, filters, order, page);
  return (await query) as Product[];
}

const FAMILY_SORT = {
  id: { expr: familyGroups.id, text: false },
  ref: { expr: familyGroups.ref, text: true },
  name: { expr: familyGroups.name, text: true },
  weight: { expr: familyGroups.weight, text: false },
};

/** The company has a product meeting `conditions`: the one `exists` the group lists filter with. */
const productExists = (companyId: number, ...conditions: SQL[]) =>
  sql`exists (select 1 from ${products} where ${and(eq(products.companyId, companyId), ...conditions)})`;

/** `group` holds a product of the type (EPOS 1 food, 2 drink, 3 other) through the products' `link`. */
const holdsProductOfType = (
  link: typeof products.familyGroupId | typeof products.majorGroupId,
  group: typeof familyGroups.id | typeof majorGroups.id,
  companyId: number,
  type: number,
) => productExists(companyId, eq(products.type, type), eq(link, group));

/**
 * A page of the company's family groups, optionally searched over the given fields and, with a type,
 * only those holding a product of that type (decision 0072: a menu-insight question's menu type).
 */
export async function queryFamilyGroups(
  db: Db,
  companyId: number,
  search: { text?: string | undefined; textFields: readonly string[]; type?: number | undefined },
  order: readonly OrderTerm[],
  page: Page,
): Promise<FamilyGroup[]> {
  const conditions: SQL[] = [eq(familyGroups.companyId, companyId)];
  if (search.type !== undefined)
    conditions.push(holdsProductOfType(products.familyGroupId, familyGroups.id, companyId, search.type));
  if (search.text !== undefined) {
    const text = search.text;
    const ors = search.textFields.map((f) =>
      ilikeContains(f === 'ref' ? sql`${familyGroups.ref}` : sql`${familyGroups.name}`, text),
    );
    conditions.push(sql`(${sql.join(ors, sql` or `)})`);
  }
  const query = db
    .select({
      id: familyGroups.id,
      ref: familyGroups.ref,
      name: familyGroups.name,
      weight: familyGroups.weight,
    })
    .from(familyGroups)
    .where(and(...conditions))
    .orderBy(...orderBySql(order, FAMILY_SORT, familyGroups.id))
    .offset(page.offset);
  return page.limit === null ? query : query.limit(page.limit);
}

/**
 * Every major group of the company plus the D3 misc groups (one per family group holding products
 * with no major group). Major groups are few, so filtering and ordering happen in the domain. With a
 * type, only the groups holding a product of that type (decision 0072), misc groups included.
 */
export async function listMajorGroupsWithMisc(
  db: Db,
  companyId: number,
  type?: number,
): Promise<MajorGroup[]> {
  const real = await db
    .select({ id: majorGroups.id, ref: majorGroups.ref, name: majorGroups.name })
    .from(majorGroups)
    .where(
      and(
        eq(majorGroups.companyId, companyId),
        type === undefined
          ? undefined
          : holdsProductOfType(products.majorGroupId, majorGroups.id, companyId, type),
      ),
    )
    .orderBy(asc(majorGroups.id));
  const orphans = await db
    .select({ id: familyGroups.id, ref: familyGroups.ref, name: familyGroups.name })
    .from(familyGroups)
    .where(
      and(
        eq(familyGroups.companyId, companyId),
        productExists(
          companyId,
          eq(products.familyGroupId, familyGroups.id),
          isNull(products.majorGroupId),
          ...(type === undefined ? [] : [eq(products.type, type)]),
        ),
      ),
    )
    .orderBy(asc(familyGroups.id));
  return withMiscMajorGroups(
    real.map((g) => ({ ...g, isMisc: false })),
    orphans,
  );
}
