/**
 * survey.menu.query answered from the tablet's copy (D7): the same filters, text search and order as
 * the server, through the domain's menu rules, so a search offline lists what it would online.
 */
import type { MenuQuery } from '@venue-voice/client';
import {
  type DownloadedProducts,
  type FamilyGroup,
  type MajorGroup,
  MENU_DEFAULT_LIMIT,
  type MenuEdge,
  matchesText,
  normaliseSearchText,
  type OrderTerm,
  type Product,
  parseMenuOrder,
  parseTextFields,
  sortMenuItems,
} from '@venue-voice/domain';

const parsed = <T>(result: { ok: true; value: T } | { ok: false; invalid: string[] }, what: string): T => {
  if (!result.ok) throw new RangeError(`menu query: unknown ${what} ${result.invalid.join(', ')}`);
  return result.value;
};

const orderOf = (edge: MenuEdge, order: readonly string[] | undefined): OrderTerm[] =>
  parsed(parseMenuOrder(edge, order?.join(',')), 'order field');

const page = <T>(items: readonly T[], query: MenuQuery): T[] => {
  const offset = query.offset ?? 0;
  return items.slice(offset, offset + (query.limit ?? MENU_DEFAULT_LIMIT));
};

/** One page of products: text, type, family group, major group (misc groups too) and receipt refs. */
export function deviceProducts(menu: DownloadedProducts, query: MenuQuery): Product[] {
  const fields = parsed(parseTextFields('products', query.textFields?.join(',')), 'text field');
  const text = query.text === undefined ? undefined : normaliseSearchText(query.text);
  const refs = query.transactionProductRefs ? new Set(query.transactionProductRefs) : null;
  // A product's major_group_name is its major group's name, or its family's for a misc group (D3),
  // which is what the server's major_group_name search looks at.
  const matching = menu.allProducts.filter(
    (product) =>
      (text === undefined || matchesText(product, fields, text)) &&
      (query.type === undefined || product.type === query.type) &&
      (query.familyGroupRef === undefined || product.family_group_ref === query.familyGroupRef) &&
      (query.majorGroupRef === undefined || product.major_group_ref === query.majorGroupRef) &&
      (refs === null || refs.has(product.ref)),
  );
  return page(sortMenuItems(matching, orderOf('products', query.order)), query);
}

/**
 * The categories and subcategories, in the D7 order; with a product type only those holding a product
 * of that type (decision 0072), as survey.menu.query answers them.
 */
export function deviceMenuGroups(
  menu: DownloadedProducts,
  type: number | null,
): { majorGroups: MajorGroup[]; familyGroups: FamilyGroup[] } {
  const typed = type === null ? null : menu.allProducts.filter((product) => product.type === type);
  const majorRefs = typed && new Set(typed.map((product) => product.major_group_ref));
  const familyIds = typed && new Set(typed.map((product) => product.familyGroupId));
  const majorGroups = menu.majorGroups.filter((group) => !majorRefs || majorRefs.has(group.ref));
  const familyGroups = menu.familyGroups.filter((group) => !familyIds || familyIds.has(group.id));
  return {
    majorGroups: sortMenuItems(majorGroups, orderOf('major_groups', undefined)),
    familyGroups: sortMenuItems(familyGroups, orderOf('family_groups', undefined)),
  };
}
