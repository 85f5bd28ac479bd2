// O15.45–O15.47: the preview's read of a branch's stored till checks (issue 31 item 4, decision 0260).
// GET /console/transactions's query and answer, shared by the server's route and the console's Engine
// panel; and the receipt dishes a menu-insight question asks about, which the guest app and the panel
// both show from a check's lines.
import { z } from 'zod';
import { decodeInboxCursor } from '../reports/inbox';
import { epochDay } from '../reports/periods';
import { id, positiveId } from '../schemas/common';
import type { MenuInsightConfig } from '../schemas/question';
import { type Transaction, transactionSchema } from '../schemas/transaction';
import { type QueryFault, queryReader } from '../validation/query-faults';

/** O15.45 Checks a page holds unless `limit` says otherwise, and the most it may say. */
export const TILL_CHECKS_PAGE_DEFAULT = 20;
export const TILL_CHECKS_PAGE_MAX = 50;
/** O15.45 A search is 1–64 characters: a check id is at most 64 (O12.x), a PIN 6 digits, a table 4. */
export const TILL_CHECKS_SEARCH_MAX = 64;

const param = (max: number) => z.string().max(max).optional();

/** GET /console/transactions' query: text, bounded; what each must be is O15.45 (`checkTillChecksQuery`). */
export const tillChecksQuerySchema = z.object({
  branchId: param(12).describe('The branch whose checks are listed (required)'),
  from: param(10).describe("YYYY-MM-DD: checks opened on or after this day, the branch's local day"),
  to: param(10).describe("YYYY-MM-DD: checks opened on or before this day, the branch's local day"),
  q: param(TILL_CHECKS_SEARCH_MAX * 2).describe(
    'Part of a check id, a table number, or a whole receipt PIN (1–64 characters)',
  ),
  cursor: param(200).describe("The page before's nextCursor"),
  limit: param(2).describe(`1–${TILL_CHECKS_PAGE_MAX}, default ${TILL_CHECKS_PAGE_DEFAULT}`),
});
export type TillChecksQuery = z.infer<typeof tillChecksQuerySchema>;

/** A checked query: what the server's SQL applies (null: not filtered on). */
export interface TillChecksFilter {
  branchId: number;
  /** Local days at the branch, inclusive. */
  from: string | null;
  to: string | null;
  q: string | null;
  /** Where the page before ended: the last check's open time (UTC, microseconds) and id. */
  cursor: { openedKey: string; id: number } | null;
  limit: number;
}

export type TillChecksFault = QueryFault<TillChecksQuery>;

const CONTROL = /\p{Cc}/u;
/** The cursor's open time as the server writes it: UTC with microseconds, so two checks never tie on it. */
const OPENED_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * O15.45 Checks a till-checks query, every fault at once (10008 for the missing branch, else 10009): the
 * branch a whole id; from and to real days, from not after to; a search 1–64 characters without control
 * characters; a cursor this call gave; a limit 1–50. Whether the branch may be seen (O1.1, 404 10012) is
 * the server's, after this.
 */
export function checkTillChecksQuery(
  query: TillChecksQuery,
): { filter: TillChecksFilter } | { faults: TillChecksFault[] } {
  const { faults, given, refuse, id } = queryReader(query);

  const branchId =
    given('branchId') === null ? refuse('branchId', 'A branch is required', true) : id('branchId');

  const day = (field: 'from' | 'to') => {
    const raw = given(field);
    if (raw === null) return null;
    return epochDay(raw) === null ? refuse(field, 'Expected a real day, YYYY-MM-DD') : raw;
  };
  const from = day('from');
  const to = day('to');
  if (from !== null && to !== null && from > to) refuse('to', 'to is before from');

  let q: string | null = null;
  const rawQ = given('q');
  if (rawQ !== null) {
    const text = rawQ.trim();
    const length = Array.from(text).length;
    if (CONTROL.test(text)) refuse('q', 'Control characters are not allowed');
    else if (length < 1 || length > TILL_CHECKS_SEARCH_MAX)
      refuse('q', `Expected 1–${TILL_CHECKS_SEARCH_MAX} characters`);
    else q = text;
  }

  const rawCursor = given('cursor');
  let cursor: TillChecksFilter['cursor'] = null;
  if (rawCursor !== null) {
    // The inbox's opaque cursor (O6.9), here holding the open time instead of a visit time.
    const decoded = decodeInboxCursor(rawCursor);
    if (decoded === null || !OPENED_KEY.test(decoded.visitDatetime))
      refuse('cursor', 'Expected the nextCursor of the page before');
    else cursor = { openedKey: decoded.visitDatetime, id: decoded.id };
  }

  const rawLimit = given('limit');
  let limit = TILL_CHECKS_PAGE_DEFAULT;
  if (rawLimit !== null) {
    const value = /^\d{1,2}$/.test(rawLimit) ? Number(rawLimit) : 0;
    if (value >= 1 && value <= TILL_CHECKS_PAGE_MAX) limit = value;
    else refuse('limit', `Expected a whole number 1–${TILL_CHECKS_PAGE_MAX}`);
  }

  if (faults.length > 0 || branchId === null) return { faults };
  return { filter: { branchId, from, to, q, cursor, limit } };
}

/**
 * One stored check as the console reads it (O15.47: never its receipt PIN, only whether it has one). Its
 * `transaction` is the guest lookup's own answer for it (lines with their product's groups), so the
 * engine sees what it sees for a guest with that receipt.
 */
export const tillCheckItemSchema = z.object({
  /** The transaction's id (the guest's transactionRef). */
  id: positiveId,
  branchId: id,
  /** The till's check id; null for a check stored without one (the demo's receipts). */
  checkId: z.string().nullable(),
  tableId: z.string().nullable(),
  /** Whether a receipt PIN finds the check (the PIN itself is the guest's, never answered: O15.47). */
  hasPin: z.boolean(),
  /** ISO 8601 instant the check was opened. */
  openedAt: z.string(),
  /** The same instant on the branch's wall clock, `YYYY-MM-DD HH:mm:ss`: the visit the panel describes. */
  openedLocal: z.string(),
  open: z.boolean(),
  /** A guest already rated it: their lookup answers 10031, so no guest would be asked anything for it. */
  rated: z.boolean(),
  covers: z.number().int().nonnegative(),
  subtotal: z.number(),
  avgSpentPerHead: z.number(),
  transaction: transactionSchema,
});
export type TillCheckItem = z.infer<typeof tillCheckItemSchema>;

export const tillChecksPageSchema = z.object({
  items: z.array(tillCheckItemSchema),
  /** The next page's cursor, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TillChecksPage = z.infer<typeof tillChecksPageSchema>;

/** A dish the guest can rate: its menu ref and name. */
export interface ReceiptDish {
  ref: string;
  name: string;
}

/**
 * O15.46 The dishes of a receipt a menu-insight question asks about: the check's lines of the question's
 * menu type (every line when it names none), each product once, in the check's order.
 */
export function receiptDishes(
  config: Pick<MenuInsightConfig, 'menuType'>,
  transaction: Pick<Transaction, 'menuItems'> | null,
): ReceiptDish[] {
  const seen = new Set<string>();
  return (transaction?.menuItems ?? [])
    .filter((item) => config.menuType === null || item.type === config.menuType)
    .filter((item) => !seen.has(item.menuItemObjectNumber) && seen.add(item.menuItemObjectNumber))
    .map((item) => ({ ref: item.menuItemObjectNumber, name: item.menuItemName }));
}
