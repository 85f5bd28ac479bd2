import {
  AppError,
  canSeeBranch,
  dateOfEpochDay,
  ErrorCodes,
  epochDay,
  type OperatorScope,
  periodFault,
  type ReportQuery,
} from '@venue-voice/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, surveys } from '../../db/schema';
import { intArray } from '../../db/sql-arrays';
import { parseCanonicalId } from '../../lib/params';
import { foldResponses } from './fold';

/**
 * What a report or inbox read covers, checked: the operator's company, the branches it may read
 * (`branchKeys`: one asked-for branch, or every branch the operator sees; an owner's `'all'` also
 * takes responses with no branch, key 0), an optional survey, and the period's local days.
 */
export interface ReportScope {
  companyId: number;
  branchKeys: readonly number[] | 'all';
  surveyId: number | null;
  from: string;
  to: string;
}

const badId = (field: string) =>
  new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message: `${field} must be a whole number`,
    detail: { fields: [{ field, in: 'query', message: 'form.invalid' }] },
  });

/**
 * The scope of a report query (O5.10 period; O1.1, O1.4 branches): a bad period answers 400 10025 naming
 * `from` or `to` with its catalogue key; a branch the operator may not see 404 10012 as if it did not
 * exist; a survey of another company 404 10014. Folds what is waiting first (decision 0229), so what
 * is read next is current.
 */
export async function reportScope(
  db: Db,
  operator: OperatorScope,
  query: Pick<ReportQuery, 'from' | 'to' | 'branchId' | 'surveyId'>,
): Promise<ReportScope> {
  const fault = periodFault(query);
  if (fault) {
    // A bad date is `to` only when `from` names a real day (2018-02-30 has the shape but is none).
    const field = fault === 'reports.dateInvalid' && epochDay(query.from) !== null ? 'to' : 'from';
    throw new AppError(ErrorCodes.FORM_VALIDATION, {
      message: `Invalid period: ${fault}`,
      detail: { fields: [{ field, in: 'query', message: fault }] },
      ui: true,
    });
  }
  const { branchKeys, surveyId } = await branchAndSurvey(db, operator, query);
  await foldResponses(db);
  return { companyId: operator.companyId, branchKeys, surveyId, from: query.from, to: query.to };
}

/**
 * The branches and survey a read covers, checked (O1.1, O1.4): one asked-for branch the operator sees
 * (else 404 10012, as if it did not exist), or every branch the operator sees; a survey of the
 * operator's company (else 404 10014). reportScope's checks, shared with the inbox, whose period is
 * optional.
 */
export async function branchAndSurvey(
  db: Db,
  operator: OperatorScope,
  query: Pick<ReportQuery, 'branchId' | 'surveyId'>,
): Promise<Pick<ReportScope, 'branchKeys' | 'surveyId'>> {
  let branchKeys: ReportScope['branchKeys'] = operator.branchIds;
  if (query.branchId !== undefined) {
    const branchId = parseCanonicalId(query.branchId);
    if (branchId === null) throw badId('branchId');
    const [row] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, branchId), eq(branches.companyId, operator.companyId)));
    if (!row || !canSeeBranch(operator, branchId)) {
      throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
        message: `No branch ${branchId}`,
        detail: { branchId },
      });
    }
    branchKeys = [branchId];
  }
  let surveyId: number | null = null;
  if (query.surveyId !== undefined) {
    surveyId = parseCanonicalId(query.surveyId);
    if (surveyId === null) throw badId('surveyId');
    const [row] = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.id, surveyId), eq(surveys.companyId, operator.companyId)));
    if (!row) throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No survey ${surveyId}` });
  }
  return { branchKeys, surveyId };
}

/**
 * The rows of a rollup table (alias `t`) a scope covers: its company, days, branches and survey. Every
 * rollup has these columns (db/schema-reports.ts), so every report filters the same way.
 */
export function rollupWhere(scope: ReportScope, days: { from: string; to: string } = scope): SQL {
  return sql.join(
    [
      sql`t.company_id = ${scope.companyId}`,
      sql`t.day between ${days.from}::date and ${days.to}::date`,
      scope.branchKeys === 'all' ? undefined : sql`t.branch_key = any(${intArray(scope.branchKeys)})`,
      scope.surveyId === null ? undefined : sql`t.survey_id = ${scope.surveyId}`,
    ].filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}

/**
 * The raw responses (alias `r`) a scope covers, for what no rollup keeps (the inbox, the team report's
 * tags): company, branches, survey and, when given, the period. The period is the visit's local day
 * (O5.6) compared as text on visit_datetime (`YYYY-MM-DD HH:MM:SS`), the day after `to` its end, so the
 * (company|branch, visit_datetime, id) indexes of 0012 serve it.
 */
export function responsesWhere(
  scope: Pick<ReportScope, 'companyId' | 'branchKeys' | 'surveyId'>,
  period: { from: string; to: string } | null,
): SQL[] {
  const parts = [sql`r.company_id = ${scope.companyId}`];
  if (scope.branchKeys !== 'all') parts.push(sql`r.branch_id = any(${intArray(scope.branchKeys)})`);
  if (scope.surveyId !== null) parts.push(sql`r.survey_id = ${scope.surveyId}`);
  if (period) {
    const after = dateOfEpochDay((epochDay(period.to) as number) + 1);
    parts.push(sql`r.visit_datetime >= ${period.from} and r.visit_datetime < ${after}`);
  }
  return parts;
}
