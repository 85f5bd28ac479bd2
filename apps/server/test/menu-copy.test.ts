import { DEFAULT_MENU_ORDER } from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { familyGroups, majorGroups, products } from '../src/db/schema';
import { type Page, type ProductFilters, queryProducts } from '../src/queries/menu';
import { MenuCopies } from '../src/queries/menu-copy';
import { databases } from './databases';

const D7 = DEFAULT_MENU_ORDER.products;
const BOTH = ['major_group_name', 'name'];
const fail = (err: unknown) => {
  throw err;
};

/** The copy's answer, read after the copy is there; null when the copy would not answer. */
async function fromCopy(copies: MenuCopies, filters: ProductFilters, page: Page, order = D7) {
  if ((await copies.find(1, filters, order, page)) === null) await copies.whenLoaded(1);
  return copies.find(1, filters, order, page);
}

describe.each(databases())('menu copy (decision 0123) on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await target.create());
    // Names whose lower case differs between JavaScript and a database locale, and LIKE wildcards.
    await database.db.insert(products).values([
      { companyId: 1, ref: 'X1', name: 'CRÈME Brûlée', type: 1, majorGroupId: 3, familyGroupId: 5 },
      { companyId: 1, ref: 'X2', name: 'İstanbul kebab', type: 1, majorGroupId: 2, familyGroupId: 3 },
      {
        companyId: 1,
        ref: 'X3',
        name: '100% juice_of the day',
        type: 2,
        majorGroupId: null,
        familyGroupId: 6,
      },
      { companyId: 1, ref: 'X4', name: 'Loose item', type: 3, majorGroupId: null, familyGroupId: null },
      // Holds every trigram of "abcde" but not "abcde".
      { companyId: 1, ref: 'X5', name: 'Abcd bcde', type: 3, majorGroupId: 1, familyGroupId: null },
    ]);
  });
  afterAll(async () => {
    await drop?.();
  });

  const cases: [string, Omit<ProductFilters, 'textFields'> & { textFields?: string[] }, Page][] = [
    ['no text, first page', {}, { limit: 100, offset: 0 }],
    ['no text, a later page', {}, { limit: 7, offset: 9 }],
    ['a product name', { text: 'burger' }, { limit: 100, offset: 0 }],
    ['a major group name (Desserts)', { text: 'ssert' }, { limit: 100, offset: 0 }],
    ['a misc group name (its family group, Soft drinks)', { text: 'soft dri' }, { limit: 100, offset: 0 }],
    ['names only', { text: 'ssert', textFields: ['name'] }, { limit: 100, offset: 0 }],
    ['group names only', { text: 'drinks', textFields: ['major_group_name'] }, { limit: 100, offset: 0 }],
    ['upper case text', { text: 'CRÈME' }, { limit: 100, offset: 0 }],
    ['accented text', { text: 'brûl' }, { limit: 100, offset: 0 }],
    ['dotted capital I', { text: 'i̇stanbul' }, { limit: 100, offset: 0 }],
    ['% matches itself', { text: '00%' }, { limit: 100, offset: 0 }],
    ['_ matches itself', { text: 'e_o' }, { limit: 100, offset: 0 }],
    ['_ is no wildcard', { text: 'e_x' }, { limit: 100, offset: 0 }],
    ['nothing matches', { text: 'qqqzzz' }, { limit: 100, offset: 0 }],
    ['every trigram is there, the text is not', { text: 'abcde' }, { limit: 100, offset: 0 }],
    ['the text is there', { text: 'bcd b' }, { limit: 100, offset: 0 }],
    ['type', { type: 2 }, { limit: 100, offset: 0 }],
    ['type and text', { type: 1, text: 'ies' }, { limit: 100, offset: 0 }],
    ['familyGroupRef', { familyGroupRef: '21' }, { limit: 100, offset: 0 }],
    ['unknown familyGroupRef', { familyGroupRef: 'nope' }, { limit: 100, offset: 0 }],
    ['majorGroupRef', { majorGroupRef: '300' }, { limit: 100, offset: 0 }],
    ['misc majorGroupRef', { majorGroupRef: 'misc41' }, { limit: 100, offset: 0 }],
    ['majorGroupRef and text', { majorGroupRef: '200', text: 'ill' }, { limit: 3, offset: 1 }],
    ['text, paged', { text: 'and' }, { limit: 2, offset: 1 }],
  ];

  it.each(cases)('D7: %s gives what the database gives', async (_name, filters, page) => {
    const full = { textFields: BOTH, ...filters };
    const copies = new MenuCopies(database.db, fail);
    const copy = await fromCopy(copies, full, page);
    expect(copy).not.toBeNull();
    expect(copy).toEqual(await queryProducts(database.db, 1, full, D7, page));
  });

  it('a menu change is seen at once: the old copy is not used, the new one has the change', async () => {
    const filters = { textFields: BOTH, text: 'zebra' };
    const page = { limit: 100, offset: 0 };
    const copies = new MenuCopies(database.db, fail);
    expect(await fromCopy(copies, filters, page)).toEqual([]);
    await database.db
      .insert(products)
      .values({ companyId: 1, ref: 'Z1', name: 'Zebra cake', type: 1, majorGroupId: 3, familyGroupId: 5 });
    expect(await copies.find(1, filters, D7, page)).toBeNull();
    const fresh = await fromCopy(copies, filters, page);
    expect(fresh?.map((p) => p.ref)).toEqual(['Z1']);
    await database.db.update(majorGroups).set({ ref: '999' }).where(eq(majorGroups.id, 3));
    expect((await fromCopy(copies, filters, page))?.[0]?.major_group_ref).toBe('999');
    await database.db.update(familyGroups).set({ name: 'Zebra things' }).where(eq(familyGroups.id, 6));
    const misc = await fromCopy(copies, filters, page);
    expect(misc?.map((p) => p.ref)).toContain('X3');
    expect(misc).toEqual(await queryProducts(database.db, 1, filters, D7, page));
  });

  it('another order, a refs filter or a menu over the size limit go to the database', async () => {
    const page = { limit: 100, offset: 0 };
    const copies = new MenuCopies(database.db, fail);
    expect(await fromCopy(copies, { textFields: BOTH }, page)).not.toBeNull();
    expect(await copies.find(1, { textFields: BOTH }, [{ field: 'name', desc: false }], page)).toBeNull();
    expect(await copies.find(1, { textFields: BOTH, refs: ['1001'] }, D7, page)).toBeNull();
    const small = new MenuCopies(database.db, fail, 10);
    expect(await fromCopy(small, { textFields: BOTH }, page)).toBeNull();
  });
});
