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
  /** The database's lower(name) of every product, in order. */
  names: string[];
  /** Each trigram (3 UTF-16 units, as one number) of `names`: the products whose name holds it, in order. */
  trigrams: Map<number, Int32Array>;
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
  const names = rows.map((r) => r.lowerName);
  const list = rows.map(({ lowerName: _, ...p }) => p as Product);
  return { products: list, names, trigrams: await indexTrigrams(names), majors, families };
}

const TRIGRAM = 3;
/** The trigram of `text` at `at` as one exact number (three 16-bit units: 48 bits). */
const trigramAt = (text: string, at: number) =>
  (text.charCodeAt(at) * 65536 + text.charCodeAt(at + 1)) * 65536 + text.charCodeAt(at + 2);

/** The trigram index of the names; it yields to other work every 1,000 names (100k take ~1 s). */
async function indexTrigrams(names: readonly string[]): Promise<Map<number, Int32Array>> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < names.length; i++) {
    const name = names[i] ?? '';
    for (let at = 0; at + TRIGRAM <= name.length; at++) {
      const key = trigramAt(name, at);
      const list = lists.get(key);
      if (!list) lists.set(key, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
    if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  return new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)]));
}

/**
 * Indexes of the products whose lowered name contains `text`, in order: the names holding the text's
 * rarest trigram, each checked whole (a name holding the text holds all its trigrams).
 */
function* nameHits(copy: MenuCopy, text: string): Generator<number> {
  let rarest: Int32Array | undefined;
  if (text.length >= TRIGRAM) {
    for (let at = 0; at + TRIGRAM <= text.length; at++) {
      const list = copy.trigrams.get(trigramAt(text, at));
      if (!list) return;
      if (!rarest || list.length < rarest.length) rarest = list;
    }
  }
  if (rarest) {
    for (const i of rarest) if (copy.names[i]?.includes(text)) yield i;
  } else {
    for (let i = 0; i < copy.names.length; i++) if (copy.names[i]?.includes(text)) yield i;
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
    if (!isDefaultOrder(order) || filters.refs !== undefined) return null;
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
