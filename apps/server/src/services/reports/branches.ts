import {
  canSeeBranch,
  compareBranches,
  previousPeriod,
  type ReportBranch,
  type ReportQuery,
} from '@venue-voice/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/connection';
import { branches } from '../../db/schema';
import { type ReportScope, reportScope, rollupWhere } from './scope';
import { DAY_SUMS, type DaySums, figuresOf, NO_SUMS, type ReportContext } from './sums';

/** Each branch's sums over some days (responses with no branch, key 0, belong to none). */
async function sumsByBranch(ctx: ReportContext, scope: ReportScope, days: { from: string; to: string }) {
  const rows = await queryRows<DaySums & { branch_key: number }>(
    ctx.db,
    sql`select t.branch_key, ${DAY_SUMS} from report_days t
    where ${rollupWhere(scope, days)} and t.branch_key <> 0 group by t.branch_key`,
  );
  return new Map(rows.map((row) => [row.branch_key, row]));
}

/**
 * GET /console/reports/branches: every branch the operator sees (O1.4), with its figures over the period
 * and the period before (O5.7), ranked by O5.11; branches nobody answered at come last.
 */
export async function reportBranches(
  ctx: ReportContext,
  query: Omit<ReportQuery, 'branchId'>,
): Promise<{ items: ReportBranch[] }> {
  const scope = await reportScope(ctx.db, ctx.operator, {
    from: query.from,
    to: query.to,
    surveyId: query.surveyId,
  });
  const rows = await ctx.db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.companyId, scope.companyId))
    .orderBy(asc(branches.name), asc(branches.id));
  const now = await sumsByBranch(ctx, scope, scope);
  const before = await sumsByBranch(ctx, scope, previousPeriod(scope));
  const items = rows
    .filter((row) => canSeeBranch(ctx.operator, row.id))
    .map((row) => ({
      id: row.id,
      name: row.name,
      ...figuresOf(now.get(row.id) ?? NO_SUMS),
      previous: figuresOf(before.get(row.id) ?? NO_SUMS),
    }));
  return { items: items.sort(compareBranches) };
}
