import { AppError, canEditSurvey, canSeeSurvey, ErrorCodes, type OperatorScope } from '@venue-voice/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, companies, surveyBranches, surveys } from '../../db/schema';
import type { SurveyRow } from '../../queries/context';
import { notPermitted } from '../operators/faults';

/** 404 10014: no survey the operator may read has this id (another company's look the same, O1.9). */
export const unknownSurvey = () => new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: 'No such survey' });

/**
 * 404 10014 with `detail.draft: null`: the survey is there, but the draft a call acts on is not (publish,
 * export of the draft). Decision 0255: the draft is the missing resource; the console reloads the document.
 */
export const noDraft = () =>
  new AppError(ErrorCodes.RESOURCE_NOT_FOUND, {
    message: 'The survey has no draft',
    detail: { draft: null },
  });

/** A survey as a console call sees it: its row, where it is served and what this operator may do. */
export interface SurveyAccess {
  row: SurveyRow;
  branchIds: number[];
  /** O1.10 for this operator. */
  editable: boolean;
}

/** Whether the operator's company lets managers edit the surveys of their branches (O1.10). */
export async function managersEditSurveys(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ allowed: companies.managersEditSurveys })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.allowed ?? false;
}

/** The branches each survey is served at, sorted. */
export async function branchesOfSurveys(
  db: Db,
  surveyIds: readonly number[],
): Promise<Map<number, number[]>> {
  const held = new Map<number, number[]>(surveyIds.map((id) => [id, []]));
  if (surveyIds.length === 0) return held;
  const rows = await db
    .select({ surveyId: surveyBranches.surveyId, branchId: surveyBranches.branchId })
    .from(surveyBranches)
    .where(inArray(surveyBranches.surveyId, [...surveyIds]))
    .orderBy(asc(surveyBranches.branchId));
  for (const r of rows) held.get(r.surveyId)?.push(r.branchId);
  return held;
}

/**
 * O1.9 The survey of the operator's company with this id that they may read, with O1.10's verdict;
 * 404 10014 otherwise. `lock` takes the row for update (pass the transaction then).
 */
export async function readableSurvey(
  db: Db,
  operator: OperatorScope,
  surveyId: number,
  lock = false,
): Promise<SurveyAccess> {
  const query = db
    .select()
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.companyId, operator.companyId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw unknownSurvey();
  const branchIds = (await branchesOfSurveys(db, [row.id])).get(row.id) ?? [];
  if (!canSeeSurvey(operator, branchIds)) throw unknownSurvey();
  const allowed = operator.role === 'manager' && (await managersEditSurveys(db, operator.companyId));
  return { row, branchIds, editable: canEditSurvey(operator, branchIds, allowed) };
}

/** O1.10 As readableSurvey, and 403 10034 when the operator may read the survey but not edit it. */
export async function editableSurvey(
  db: Db,
  operator: OperatorScope,
  surveyId: number,
  lock = false,
): Promise<SurveyAccess> {
  const access = await readableSurvey(db, operator, surveyId, lock);
  if (!access.editable) throw notPermitted('Your role does not allow editing this survey');
  return access;
}

/**
 * The branches a new survey is served at (POST /surveys, O1.10): each must be a branch of the company
 * the operator sees (else 404 10012, as any branch they may not see), and the operator must be allowed to
 * edit a survey served exactly there (else 403 10034). Answers them sorted, without repeats.
 */
export async function branchesForNewSurvey(
  db: Db,
  operator: OperatorScope,
  branchIds: readonly number[],
): Promise<number[]> {
  const wanted = [...new Set(branchIds)].sort((a, b) => a - b);
  const found =
    wanted.length === 0
      ? []
      : await db
          .select({ id: branches.id })
          .from(branches)
          .where(and(eq(branches.companyId, operator.companyId), inArray(branches.id, wanted)));
  const known = new Set(found.map((b) => b.id));
  const unseen = wanted.find(
    (id) => !known.has(id) || (operator.branchIds !== 'all' && !operator.branchIds.includes(id)),
  );
  if (unseen !== undefined) {
    throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE, {
      message: 'No such branch',
      detail: { branchId: unseen },
    });
  }
  const allowed = operator.role === 'manager' && (await managersEditSurveys(db, operator.companyId));
  if (!canEditSurvey(operator, wanted, allowed)) {
    throw notPermitted('Your role does not allow making a survey for these branches');
  }
  return wanted;
}
