import {
  AppError,
  CASE_FALLBACK_TIME_ZONE,
  type CaseListItem,
  type CaseStatus,
  canReadCase,
  caseAgeMs,
  ErrorCodes,
  excerptOf,
  isOverdue,
  localDayOf,
  type OperatorScope,
} from '@venue-voice/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { intArray } from '../../db/sql-arrays';
import { branchAndSurvey } from '../reports/scope';

/** A case's row with what its line shows: branch, owner, rule, and its response's headline. */
export interface CaseRow {
  id: number;
  company_id: number;
  branch_id: number | null;
  branch_name: string | null;
  time_zone: string | null;
  status: CaseStatus;
  owner_id: number | null;
  owner_name: string | null;
  owner_email: string | null;
  due_on: string | null;
  opened_at: Date | string;
  resolved_at: Date | string | null;
  rule_name: string | null;
  response_id: number;
  visit_datetime: string;
  survey_id: number;
  survey_name: string;
  csat_score: number | null;
  nps_score: number | null;
  trigger_complaint: boolean;
  language: string | null;
  body: string | null;
}

// The comment is read cut short: the excerpt (O6.8) never needs more.
const EXCERPT_SOURCE = 400;

/** The select of case rows (`c`), with `where` and `tail` (order, limit) of the caller. */
export const caseRowsQuery = (where: SQL, tail: SQL = sql``) => sql`
  select c.id, c.company_id, c.branch_id, b.name as branch_name, b.time_zone, c.status, c.owner_id,
    o.name as owner_name, o.email as owner_email, c.due_on, c.opened_at, c.resolved_at, a.name as rule_name,
    r.id as response_id, r.visit_datetime, r.survey_id, s.name as survey_name, r.csat_score, r.nps_score,
    r.trigger_complaint, r.language,
    (select left(t.body, ${EXCERPT_SOURCE}) from response_texts t where t.response_id = r.id) as body
  from cases c
  join responses r on r.id = c.response_id
  join surveys s on s.id = r.survey_id
  left join branches b on b.id = c.branch_id
  left join operators o on o.id = c.owner_id
  left join alert_rules a on a.id = c.rule_id
  where ${where}
  ${tail}`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The operator's name as the console shows it: their name, else their e-mail. */
export const operatorName = (name: string | null, email: string | null): string =>
  name?.trim() ? name : (email ?? '');

/** A case row as a line of the list (O14.2 age, O14.3 overdue at the branch's today). */
export function caseItemOf(row: CaseRow, now: Date): CaseListItem {
  const openedAt = new Date(row.opened_at);
  const resolvedAt = row.resolved_at === null ? null : new Date(row.resolved_at);
  const today = localDayOf(now, row.time_zone ?? CASE_FALLBACK_TIME_ZONE);
  return {
    id: row.id,
    status: row.status,
    branch: row.branch_id === null ? null : { id: row.branch_id, name: row.branch_name ?? '' },
    owner:
      row.owner_id === null
        ? null
        : { id: row.owner_id, name: operatorName(row.owner_name, row.owner_email) },
    dueOn: row.due_on,
    overdue: isOverdue(row.due_on, row.status, today),
    openedAt: iso(openedAt),
    resolvedAt: resolvedAt ? iso(resolvedAt) : null,
    ageMs: caseAgeMs(openedAt, now, resolvedAt),
    rule: row.rule_name,
    response: {
      id: row.response_id,
      visitDatetime: row.visit_datetime,
      survey: { id: row.survey_id, name: row.survey_name },
      csat: row.csat_score,
      nps: row.nps_score,
      complaint: row.trigger_complaint,
      excerpt: excerptOf(row.body),
    },
  };
}

/**
 * The cases (`c`) an operator may read (O14.9), as a condition: their company's, of the branches they
 * see, or of the one asked for (a branch they do not see is 404 10012, as if it did not exist). A case of
 * no branch (a company-wide response) is the owner's: an owner's 'all' reads every case. The list and
 * the counts scope by it alike.
 */
export async function visibleCases(db: Db, operator: OperatorScope, branchId?: string): Promise<SQL> {
  const { branchKeys } = await branchAndSurvey(db, operator, { branchId });
  const branches = branchKeys === 'all' ? sql`true` : sql`c.branch_id = any(${intArray(branchKeys)})`;
  return sql`c.company_id = ${operator.companyId} and ${branches}`;
}

/**
 * The case, if the operator may read it (O14.9): their company and a branch they see. Anyone else's is
 * 404 10014, as if it did not exist. `forUpdate` locks it for a change in the caller's transaction.
 */
export async function readableCase(
  db: Db,
  operator: OperatorScope,
  id: number,
  forUpdate = false,
): Promise<CaseRow> {
  if (forUpdate) {
    await queryRows(
      db,
      sql`select id from cases where id = ${id} and company_id = ${operator.companyId} for update`,
    );
  }
  const [row] = await queryRows<CaseRow>(
    db,
    caseRowsQuery(sql`c.id = ${id} and c.company_id = ${operator.companyId}`),
  );
  if (!row || !canReadCase(operator, row.branch_id)) {
    throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No case ${id}` });
  }
  return row;
}
