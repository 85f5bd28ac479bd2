import {
  CASE_PAGE_SIZE,
  type CaseListQuery,
  type CasePage,
  decodeCaseCursor,
  encodeCaseCursor,
  type OperatorScope,
  oldestFirst,
} from '@venue-voice/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { parseCanonicalId } from '../../lib/params';
import { fieldProblemsError } from '../../plugins/errors';
import { foldResponses } from '../reports/fold';
import { type CaseRow, caseItemOf, caseRowsQuery, visibleCases } from './rows';

const badQuery = (field: keyof CaseListQuery, message: string) =>
  fieldProblemsError([{ field, in: 'query', message, missing: false }]);

// The cursor carries milliseconds (ISO text): order and compare at that precision, so a time stored
// with microseconds is neither skipped nor repeated at a page's edge.
const OPENED_MS = sql`date_trunc('milliseconds', c.opened_at)`;

function statusWhere(status: CaseListQuery['status']): SQL {
  if (status === 'all') return sql`true`;
  if (status === 'unresolved') return sql`c.status <> 'resolved'`;
  return sql`c.status = ${status}`;
}

function ownerWhere(raw: string | undefined): SQL {
  if (raw === undefined) return sql`true`;
  if (raw === 'none') return sql`c.owner_id is null`;
  const ownerId = parseCanonicalId(raw);
  if (ownerId === null) throw badQuery('ownerId', 'An operator id or none');
  return sql`c.owner_id = ${ownerId}`;
}

/**
 * GET /console/cases: a page of the company's cases the operator may see (O14.9), unresolved by
 * default, per branch when asked (a branch they do not see is 404 10012), by owner. Cases to do come
 * oldest first, resolved ones newest first (O14.8), keyset-paged on (opened time, id).
 */
export async function listCases(
  db: Db,
  operator: OperatorScope,
  query: CaseListQuery,
  now: Date,
): Promise<CasePage> {
  const scope = await visibleCases(db, operator, query.branchId);
  const cursor = query.cursor === undefined ? null : decodeCaseCursor(query.cursor);
  if (query.cursor !== undefined && cursor === null) throw badQuery('cursor', 'Not a cursor of this list');
  const ascending = oldestFirst(query.status);
  const after = cursor
    ? ascending
      ? sql`(${OPENED_MS}, c.id) > (${cursor.openedAt}::timestamptz, ${cursor.id})`
      : sql`(${OPENED_MS}, c.id) < (${cursor.openedAt}::timestamptz, ${cursor.id})`
    : sql`true`;
  const order = ascending ? sql`order by ${OPENED_MS}, c.id` : sql`order by ${OPENED_MS} desc, c.id desc`;
  // The comment's excerpt comes from the fold's texts: what is waiting is folded first (decision 0229).
  await foldResponses(db);
  const rows = await queryRows<CaseRow>(
    db,
    caseRowsQuery(
      sql`${scope} and ${statusWhere(query.status)}
        and ${ownerWhere(query.ownerId)} and ${after}`,
      sql`${order} limit ${CASE_PAGE_SIZE + 1}`,
    ),
  );
  const page = rows.slice(0, CASE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => caseItemOf(row, now)),
    nextCursor:
      rows.length > CASE_PAGE_SIZE && last
        ? encodeCaseCursor(new Date(last.opened_at).toISOString(), last.id)
        : null,
  };
}
