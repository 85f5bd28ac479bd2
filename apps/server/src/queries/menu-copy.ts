import { DEFAULT_MENU_ORDER, MISC_MAJOR_GROUP_REF, type OrderTerm, type Product } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/connection';
import { familyGroups, majorGroups, products } from '../db/schema';
import { orderBySql, type Page, PRODUCT_SORT, type ProductFilters, productColumns } from './menu';

/**
 * A company's menu held by this server in the D7 order (decision 0123). A search over it stops at its
 * page, where the database has to read and sort every match. It is used only while menu_version
 * still says the version it was read at, so an answer from it is the answer the database would give.
 */
interface MenuCopy {
  products: Product[];
  /** The database's lower(name) of every product, joined by NUL (which text never holds), in order. */
  names: string;
  /** Where each product's name starts in `names`. */
  starts: Int32Array;
  majors: { id: number; ref: string; name: string }[];
  families: { id: number; ref: string; name: string }[];
}

type Entry =
  | { version: number; state: 'loading'; loaded: Promise<void> }
  | { version: number; state: 'ready'; copy: MenuCopy }
  | { version: number; state: 'too-large' };

/** The most products the copies of one server hold together. */
export const MENU_COPY_MAX_PRODUCTS = 250_000;

const isDefaultOrder = (order: readonly OrderTerm[]) =>
  order.length === DEFAULT_MENU_ORDER.products.length &&
  order.every(
    (t, i) =>
      t.field === DEFAULT_MENU_ORDER.products[i]?.field && t.desc === DEFAULT_MENU_ORDER.products[i]?.desc,
  );

async function loadCopy(db: Db, companyId: number, max: number): Promise<MenuCopy | null> {
  const rows = await db
    .select({ ...productColumns, lowerName: sql<string>`lower(${products.name})` })
    .from(products)
    .leftJoin(majorGroups, eq(majorGroups.id, products.majorGroupId))
    .leftJoin(familyGroups, eq(familyGroups.id, products.familyGroupId))
    .where(eq(products.companyId, companyId))
    .orderBy(...orderBySql(DEFAULT_MENU_ORDER.products, PRODUCT_SORT, products.id))
    .limit(max + 1);
  if (rows.length > max) return null;
  const groups = (table: typeof majorGroups | typeof familyGroups) =>
    db
      .select({ id: table.id, ref: table.ref, name: sql<string>`lower(${table.name})` })
      .from(table)
      .where(eq(table.companyId, companyId));
  const [majors, families] = [await groups(majorGroups), await groups(familyGroups)];
  const starts = new Int32Array(rows.length);
  let at = 0;
  rows.forEach((r, i) => {
    starts[i] = at;
    at += r.lowerName.length + 1;
  });
  const names = rows.map((r) => r.lowerName).join('\0');
  const list = rows.map(({ lowerName: _, ...p }) => p as Product);
  return { products: list, names, starts, majors, families };
}

/** Indexes of the products whose lowered name contains `text`, in order (indexOf over one string). */
function* nameHits(copy: MenuCopy, text: string): Generator<number> {
  let from = 0;
  for (;;) {
    const at = copy.names.indexOf(text, from);
    if (at < 0) return;
    let lo = 0;
    let hi = copy.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((copy.starts[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    // A hit running into the next name would hold the NUL separator, which the text never does.
    yield lo;
    from = (copy.starts[lo + 1] ?? copy.names.length) as number;
  }
}

/** The product filters of queries/menu.ts (type, family and major group refs), as a test per product. */
function filterTest(copy: MenuCopy, filters: ProductFilters): (p: Product) => boolean {
  const family =
    filters.familyGroupRef === undefined
      ? undefined
      : copy.families.find((f) => f.ref === filters.familyGroupRef);
  const majorRef = filters.majorGroupRef;
  const major = majorRef === undefined ? undefined : copy.majors.find((m) => m.ref === majorRef);
  const miscFamilies = new Set(
    copy.families.filter((f) => `${MISC_MAJOR_GROUP_REF}${f.ref}` === majorRef).map((f) => f.id),
  );
  return (p) =>
    (filters.type === undefined || p.type === filters.type) &&
    (filters.familyGroupRef === undefined || (family !== undefined && p.familyGroupId === family.id)) &&
    (majorRef === undefined ||
      (p.majorGroupId !== null && p.majorGroupId === major?.id) ||
      (p.majorGroupId === null && p.familyGroupId !== null && miscFamilies.has(p.familyGroupId)));
}

function search(copy: MenuCopy, filters: ProductFilters, text: string | undefined, page: Page): Product[] {
  const passes = filterTest(copy, filters);
  const wanted = page.offset + (page.limit ?? copy.products.length);
  const found: Product[] = [];
  const take = (p: Product | undefined) => {
    if (p && passes(p)) found.push(p);
    return found.length >= wanted;
  };
  const byName = filters.textFields.includes('name');
  const byGroup = filters.textFields.includes('major_group_name');
  const majorIds = new Set(
    byGroup && text ? copy.majors.filter((m) => m.name.includes(text)).map((m) => m.id) : [],
  );
  const familyIds = new Set(
    byGroup && text ? copy.families.filter((f) => f.name.includes(text)).map((f) => f.id) : [],
  );
  if (text !== undefined && majorIds.size === 0 && familyIds.size === 0) {
    // Only names can match: jump from hit to hit.
    if (byName) for (const i of nameHits(copy, text)) if (take(copy.products[i])) break;
  } else {
    const hits = text !== undefined && byName ? nameHits(copy, text) : undefined;
    let nextHit = hits?.next();
    for (let i = 0; i < copy.products.length; i++) {
      const p = copy.products[i] as Product;
      while (nextHit && !nextHit.done && nextHit.value < i) nextHit = hits?.next();
      const inGroup =
        (p.majorGroupId !== null && majorIds.has(p.majorGroupId)) ||
        (p.majorGroupId === null && p.familyGroupId !== null && familyIds.has(p.familyGroupId));
      if ((text === undefined || nextHit?.value === i || inGroup) && take(p)) break;
    }
  }
  return found.slice(page.offset, wanted);
}

/**
 * The copies of one app's menus. `find` answers a products query from a current copy, or returns null
 * (the caller asks the database): for another order or a refs filter, while a copy is being read
 * (in the background, so no request waits for it), and for menus over the size limit.
 */
export class MenuCopies {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    private readonly maxProducts = MENU_COPY_MAX_PRODUCTS,
  ) {}

  async find(
    companyId: number,
    filters: ProductFilters,
    order: readonly OrderTerm[],
    page: Page,
  ): Promise<Product[] | null> {
    if (!isDefaultOrder(order) || filters.refs !== undefined || filters.text?.includes('\0')) return null;
    // The version and the database's lower() of the text in one round trip.
    const [row] = await queryRows<{ version: string | number | null; text: string | null }>(
      this.db,
      sql`select (select max(version) from menu_version) as version, lower(${filters.text ?? null}::text) as text`,
    );
    if (row?.version === null || row?.version === undefined) return null;
    const version = Number(row.version);
    const entry = this.entries.get(companyId);
    if (entry?.version === version) {
      if (entry.state !== 'ready') return null;
      // Most recently used last, so the oldest copy goes first when space runs out.
      this.entries.delete(companyId);
      this.entries.set(companyId, entry);
      return search(entry.copy, filters, row.text ?? undefined, page);
    }
    if (entry?.state !== 'loading') this.startLoad(companyId, version);
    return null;
  }

  /** Settles when the copy being read for the company is there (tests and the benchmark wait on it). */
  async whenLoaded(companyId: number): Promise<void> {
    const entry = this.entries.get(companyId);
    if (entry?.state === 'loading') await entry.loaded;
  }

  private startLoad(companyId: number, version: number) {
    const loaded = loadCopy(this.db, companyId, this.maxProducts).then(
      (copy) => {
        if (this.entries.get(companyId)?.version !== version) return;
        this.entries.delete(companyId);
        this.entries.set(
          companyId,
          copy ? { version, state: 'ready', copy } : { version, state: 'too-large' },
        );
        this.evict();
      },
      (err) => {
        if (this.entries.get(companyId)?.version === version) this.entries.delete(companyId);
        this.onError(err);
      },
    );
    this.entries.set(companyId, { version, state: 'loading', loaded });
  }

  private evict() {
    let held = 0;
    for (const e of this.entries.values()) if (e.state === 'ready') held += e.copy.products.length;
    for (const [companyId, e] of this.entries) {
      if (held <= this.maxProducts) return;
      if (e.state !== 'ready') continue;
      held -= e.copy.products.length;
      this.entries.delete(companyId);
    }
  }
}
