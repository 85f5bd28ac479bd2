import {
  checkTillChecksQuery,
  encodeInboxCursor,
  likePattern,
  localDateTimeAt,
  type OperatorScope,
  PinType,
  type TillChecksFilter,
  type TillChecksPage,
  type TillChecksQuery,
} from '@venue-voice/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { inIndexOrder } from '../../db/index-order';
import { branches, transactions } from '../../db/schema';
import { fieldProblemsError } from '../../plugins/errors';
import { transactionAnswers } from '../../queries/transactions';
import { branchAndSurvey } from '../reports/scope';

/** A check's open time as the cursor holds it: UTC with microseconds, so no two positions tie. */
const OPENED_KEY = sql<string>`to_char(${transactions.checkOpenTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** O15.47 A search finds a table by its number as the guest types it (`07` is table 7), up to 4 digits. */
const tableOf = (q: string) => (/^\d{1,4}$/.test(q) ? String(Number(q)) : null);
/** O15.47 …and a check by its whole receipt PIN only, so a list never helps guess one. */
const pinOf = (q: string) => (/^\d{6}$/.test(q) ? q : null);

/** The search's condition (O15.47): part of the check id, the table number, or the whole PIN. */
function searchOf(q: string): SQL {
  const parts = [sql`lower(${transactions.checkId}) like ${likePattern(q)} escape '\\'`];
  const table = tableOf(q);
  if (table !== null) parts.push(sql`${transactions.tableId} = ${table}`);
  const pin = pinOf(q);
  // The PIN that finds the check is its pins row (a PIN the till printed again moves to the newer check).
  if (pin !== null)
    parts.push(sql`exists (select 1 from pins p where p.branch_id = ${transactions.branchId}
      and p.pin_type = ${PinType.PIN} and p.pin_code = ${pin} and p.transaction_id = ${transactions.id})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function conditions(filter: TillChecksFilter): SQL[] {
  const where = [eq(transactions.branchId, filter.branchId)];
  // Days are the branch's local days, so a late check is on the evening it was opened. The zone is read
  // once (a scalar subquery), not from the joined row: so the bounds are values the index walk starts and
  // stops at, instead of a filter on every check of the branch newer than the period (decision 0265).
  const zone = sql`(select b.time_zone from branches b where b.id = ${filter.branchId})`;
  if (filter.from !== null)
    where.push(sql`${transactions.checkOpenTime} >= (${filter.from}::date)::timestamp at time zone ${zone}`);
  if (filter.to !== null)
    where.push(sql`${transactions.checkOpenTime} < (${filter.to}::date + 1)::timestamp at time zone ${zone}`);
  if (filter.q !== null) where.push(searchOf(filter.q));
  if (filter.cursor !== null)
    where.push(
      sql`(${transactions.checkOpenTime}, ${transactions.id}) < (${filter.cursor.openedKey}::timestamptz, ${filter.cursor.id})`,
    );
  return where;
}

/**
 * The page's statement (one row more than the page, to know whether another follows). Run in `inIndexOrder`,
 * its plan walks `transactions_branch_opened_idx` from the cursor and stops at the limit (decision 0265,
 * test `transactions-plan.test.ts`).
 */
export function recentChecksQuery(db: Db, companyId: number, filter: TillChecksFilter) {
  return db
    .select({
      row: transactions,
      timeZone: branches.timeZone,
      openedKey: OPENED_KEY,
      // `offset 0`: each page row probes its pin and response by index. Without it the planner may turn
      // an exists into a hash of the whole table, sized for every check of the branch rather than the
      // page: on 60,000 pins (3 branches) it read them all for each page, 30-50 ms instead of < 1 ms.
      hasPin: sql<boolean>`exists (select 1 from pins p where p.branch_id = ${transactions.branchId}
        and p.pin_type = ${PinType.PIN} and p.pin_code = ${transactions.pinCode}
        and p.transaction_id = ${transactions.id} offset 0)`,
      rated: sql<boolean>`exists (select 1 from responses r where r.transaction_id = ${transactions.id} offset 0)`,
    })
    .from(transactions)
    .innerJoin(branches, and(eq(branches.id, transactions.branchId), eq(branches.companyId, companyId)))
    .where(and(...conditions(filter)))
    .orderBy(desc(transactions.checkOpenTime), desc(transactions.id))
    .limit(filter.limit + 1);
}

/**
 * GET /console/transactions (issue 31 item 4, decision 0260): a branch's stored till checks, newest open
 * time first, a page at a time by keyset (open time, id). O15.45's checks first (400 naming each field),
 * then the branch: one the operator may not see answers 404 10012 as the reports do (O1.1, O1.4). Each
 * check carries the guest lookup's own transaction (lines joined to the menu, one menu read for the page)
 * and never its PIN (O15.47).
 */
export async function listRecentChecks(
  db: Db,
  operator: OperatorScope,
  query: TillChecksQuery,
): Promise<TillChecksPage> {
  const checked = checkTillChecksQuery(query);
  if ('faults' in checked)
    throw fieldProblemsError(checked.faults.map((fault) => ({ ...fault, in: 'query' })));
  const { filter } = checked;
  await branchAndSurvey(db, operator, { branchId: String(filter.branchId) });

  // In the index's order whatever the statistics say (none on PGlite): a cursor's row comparison or a
  // search would otherwise be bitmap-read and every older check of the branch sorted (decision 0265).
  const rows = await inIndexOrder(db, (tx) => recentChecksQuery(tx, operator.companyId, filter));

  const page = rows.slice(0, filter.limit);
  const answers = await transactionAnswers(db, operator.companyId, page);
  const last = page.at(-1);
  return {
    items: page.map(({ row, timeZone, hasPin, rated }, index) => ({
      id: row.id,
      branchId: row.branchId,
      checkId: row.checkId,
      tableId: row.tableId,
      hasPin: Boolean(hasPin),
      openedAt: row.checkOpenTime.toISOString(),
      openedLocal: localDateTimeAt(row.checkOpenTime, timeZone),
      open: row.open,
      rated: Boolean(rated),
      covers: row.covers,
      subtotal: row.subtotal,
      avgSpentPerHead: row.avgSpentPerHead,
      transaction: answers[index] as TillChecksPage['items'][number]['transaction'],
    })),
    nextCursor:
      rows.length > filter.limit && last
        ? encodeInboxCursor({ visitDatetime: last.openedKey, id: last.row.id })
        : null,
  };
}
