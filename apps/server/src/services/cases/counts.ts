import {
  type CaseCounts,
  type CaseTally,
  caseCounts,
  type OperatorScope,
  UNRESOLVED_CASE_STATUSES,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { visibleCases } from './rows';

interface TallyRow {
  status: CaseTally['status'];
  due_on: string | null;
  time_zone: string | null;
  n: number;
}

/**
 * GET /console/cases/counts: how many cases wait for the operator (O14.10), over the cases the list
 * shows them (O14.9, the same scope). The database groups them by status, due day and branch zone; the
 * domain says which groups are overdue on their branch's today (O14.3), so the badge and the list never
 * disagree. Unresolved by its statuses (`= any`), so the (company, status) index skips resolved cases.
 */
export async function countCases(db: Db, operator: OperatorScope, now: Date): Promise<CaseCounts> {
  const scope = await visibleCases(db, operator);
  const statuses = `{${UNRESOLVED_CASE_STATUSES.join(',')}}`;
  const rows = await queryRows<TallyRow>(
    db,
    sql`select c.status, c.due_on::text as due_on, b.time_zone, count(*)::int as n
      from cases c
      left join branches b on b.id = c.branch_id
      where ${scope} and c.status = any(${statuses}::text[])
      group by c.status, c.due_on, b.time_zone`,
  );
  return caseCounts(
    rows.map((row) => ({ status: row.status, dueOn: row.due_on, timeZone: row.time_zone, count: row.n })),
    now,
  );
}
