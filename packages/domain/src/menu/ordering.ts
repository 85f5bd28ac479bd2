import type { MenuEdge } from '../enums';

/** One term of a menu ordering: a field, ascending unless `desc`. */
export interface OrderTerm {
  field: string;
  desc: boolean;
}

/** Fields each menu edge can be ordered by (the item fields the API returns). */
export const MENU_ORDER_FIELDS: Record<MenuEdge, readonly string[]> = {
  products: ['id', 'ref', 'name', 'type', 'major_group_ref', 'major_group_name', 'family_group_ref'],
  family_groups: ['id', 'ref', 'name', 'weight'],
  major_groups: ['id', 'ref', 'name'],
};

/** D7 default orderings: family groups by weight desc then name; major groups by name; products by major_group_ref then name. */
export const DEFAULT_MENU_ORDER: Record<MenuEdge, readonly OrderTerm[]> = {
  products: [
    { field: 'major_group_ref', desc: false },
    { field: 'name', desc: false },
  ],
  family_groups: [
    { field: 'weight', desc: true },
    { field: 'name', desc: false },
  ],
  major_groups: [{ field: 'name', desc: false }],
};

export type ParseResult<T> = { ok: true; value: T } | { ok: false; invalid: string[] };

/**
 * Parses an `order` parameter: comma-joined fields, a leading '-' for descending
 * (`-weight,name`). Empty or absent gives the edge's D7 default; unknown fields are reported.
 */
export function parseMenuOrder(edge: MenuEdge, raw: string | undefined): ParseResult<OrderTerm[]> {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0) return { ok: true, value: [...DEFAULT_MENU_ORDER[edge]] };
  const allowed = MENU_ORDER_FIELDS[edge];
  const terms = parts.map((p) => ({ field: p.startsWith('-') ? p.slice(1) : p, desc: p.startsWith('-') }));
  const invalid = terms.filter((t) => !allowed.includes(t.field)).map((t) => t.field);
  return invalid.length > 0 ? { ok: false, invalid } : { ok: true, value: terms };
}

/**
 * Text order used everywhere (and mirrored in SQL): case-insensitive first, then by code point so
 * the result does not depend on a database collation.
 */
export function compareText(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

type Value = string | number | boolean | null | undefined;

/** Compares two field values: nulls last in either direction, numbers numerically, text by compareText. */
function compareValues(a: Value, b: Value, desc: boolean): number {
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  const sign = desc ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  return sign * compareText(String(a), String(b));
}

/** A comparator for the terms, ending with `id` ascending so equal rows keep a stable order for paging. */
export function compareByTerms<T extends { id: number }>(
  terms: readonly OrderTerm[],
): (a: T, b: T) => number {
  return (a, b) => {
    for (const term of terms) {
      const r = compareValues(
        (a as Record<string, unknown>)[term.field] as Value,
        (b as Record<string, unknown>)[term.field] as Value,
        term.desc,
      );
      if (r !== 0) return r;
    }
    return a.id - b.id;
  };
}

/** Sorts a copy of the items by the terms (D7). */
export const sortMenuItems = <T extends { id: number }>(
  items: readonly T[],
  terms: readonly OrderTerm[],
): T[] => [...items].sort(compareByTerms<T>(terms));
