import {
  AppError,
  canSeeBranch,
  ErrorCodes,
  type Language,
  type OperatorScope,
  tableCardLanguage,
} from '@venue-voice/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { branches, surveyBranches, surveys } from '../../db/schema';

/** A survey at a branch: what a guest link, a QR code or a sheet of table cards is made for. */
export interface LinkTarget {
  survey: { id: number; name: string; slug: string; language: Language };
  branch: { id: number; name: string };
}

/** What the links calls know of the caller: the operator (O1) and the database. */
export interface LinksContext {
  db: Db;
  operator: OperatorScope;
}

const columns = {
  surveyId: surveys.id,
  surveyName: surveys.name,
  slug: surveys.slug,
  templateLocale: surveys.templateLocale,
  branchId: branches.id,
  branchName: branches.name,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

const toTarget = (row: Row): LinkTarget => ({
  survey: {
    id: row.surveyId,
    name: row.surveyName,
    slug: row.slug,
    language: tableCardLanguage(row.templateLocale),
  },
  branch: { id: row.branchId, name: row.branchName },
});

/** Active surveys of the operator's company at its branches: only these have a page a guest can open. */
function targetRows(db: Db, companyId: number, where: SQL[]) {
  return db
    .select(columns)
    .from(surveyBranches)
    .innerJoin(surveys, eq(surveys.id, surveyBranches.surveyId))
    .innerJoin(branches, eq(branches.id, surveyBranches.branchId))
    .where(
      and(
        eq(surveys.companyId, companyId),
        eq(branches.companyId, companyId),
        eq(surveys.active, true),
        ...where,
      ),
    );
}

/** 404 10012: a branch the operator may not see is answered as one that does not exist (O1.1). */
export async function assertVisibleBranch({ db, operator }: LinksContext, branchId: number): Promise<void> {
  const found = canSeeBranch(operator, branchId)
    ? await db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.id, branchId), eq(branches.companyId, operator.companyId)))
        .limit(1)
    : [];
  if (found.length === 0) throw new AppError(ErrorCodes.INVALID_BRANCH_REFERENCE);
}

/**
 * O1.4 Every active survey at every branch the operator may see, by survey then branch name; narrowed
 * to one survey or branch when asked (a branch they may not see: 404 10012).
 */
export async function listLinkTargets(
  context: LinksContext,
  filter: { surveyId?: number | undefined; branchId?: number | undefined },
): Promise<LinkTarget[]> {
  const { db, operator } = context;
  if (filter.branchId !== undefined) await assertVisibleBranch(context, filter.branchId);
  if (operator.branchIds !== 'all' && operator.branchIds.length === 0) return [];
  const where: SQL[] = [];
  if (operator.branchIds !== 'all') where.push(inArray(branches.id, [...operator.branchIds]));
  if (filter.surveyId !== undefined) where.push(eq(surveys.id, filter.surveyId));
  if (filter.branchId !== undefined) where.push(eq(branches.id, filter.branchId));
  const rows = await targetRows(db, operator.companyId, where).orderBy(
    asc(surveys.name),
    asc(surveys.id),
    asc(branches.name),
    asc(branches.id),
  );
  return rows.map(toTarget);
}

/**
 * One survey at one branch: a branch the operator may not see is 404 10012; a survey that is not the
 * company's, not active or not at that branch is 404 10014 (nothing a guest could open).
 */
export async function findLinkTarget(
  context: LinksContext,
  surveyId: number,
  branchId: number,
): Promise<LinkTarget> {
  await assertVisibleBranch(context, branchId);
  const rows = await targetRows(context.db, context.operator.companyId, [
    eq(surveys.id, surveyId),
    eq(branches.id, branchId),
  ]).limit(1);
  const row = rows[0];
  if (!row) throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: 'No such survey at this branch' });
  return toTarget(row);
}
