import { SEARCH_MIN_CHARS } from '../constants';
import type { MenuEdge } from '../enums';
import type { ParseResult } from './ordering';

/** Fields a menu text search may look at, per edge. */
export const MENU_TEXT_FIELDS: Record<MenuEdge, readonly string[]> = {
  // Product refs are left out: only name searches have a trigram index at 100k+ products.
  products: ['name', 'major_group_name'],
  family_groups: ['name', 'ref'],
  major_groups: ['name', 'ref'],
};

/** D7 default text fields: products major_group_name and name; family groups name; major groups name. */
export const DEFAULT_TEXT_FIELDS: Record<MenuEdge, readonly string[]> = {
  products: ['major_group_name', 'name'],
  family_groups: ['name'],
  major_groups: ['name'],
};

/** G5/D5: search text is trimmed; it counts from SEARCH_MIN_CHARS characters. */
export const normaliseSearchText = (text: string): string => text.trim();

/** G5/D5: a search starts at 3 or more characters (after trimming). */
export const isSearchLongEnough = (text: string): boolean =>
  [...normaliseSearchText(text)].length >= SEARCH_MIN_CHARS;

/** Parses a `textFields` parameter (comma-joined); empty or absent gives the edge's default. */
export function parseTextFields(edge: MenuEdge, raw: string | undefined): ParseResult<string[]> {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: true, value: [...DEFAULT_TEXT_FIELDS[edge]] };
  const invalid = parts.filter((p) => !MENU_TEXT_FIELDS[edge].includes(p));
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, value: [...new Set(parts)] };
}

/** G5: case-insensitive "contains" of the text in any of the fields. */
export function matchesText(item: object, fields: readonly string[], text: string): boolean {
  const needle = normaliseSearchText(text).toLowerCase();
  return fields.some((f) => {
    const value = (item as Record<string, unknown>)[f];
    return typeof value === 'string' && value.toLowerCase().includes(needle);
  });
}
