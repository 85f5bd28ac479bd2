import {
  meanOf,
  mergeIndicators,
  type NamedIndicator,
  npsFromCounts,
  type ReportQuery,
  type ReportSummary,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/connection';
import { intArray } from '../../db/sql-arrays';
import { type ReportScope, reportScope, rollupWhere } from './scope';
import { DAY_SUMS, type DaySums, NO_SUMS, type ReportContext } from './sums';

interface SurveyIndicators {
  id: number;
  active: boolean;
  serves: boolean;
  indicators: unknown;
}

/** A definition's `indicators[]` as id and name, skipping anything else. */
const named = (indicators: unknown): NamedIndicator[] =>
  Array.isArray(indicators)
    ? indicators.flatMap((i) =>
        typeof i?.id === 'number' && typeof i?.name === 'string' ? [{ id: i.id, name: i.name }] : [],
      )
    : [];

/**
 * The indicators a summary lists (O5.12): those of the surveys in scope (the one asked for, else every
 * active survey serving a branch in scope) and any other with scores in the period, each named by the
 * newest of the company's surveys that has it.
 */
async function indicatorList(ctx: ReportContext, scope: ReportScope, scored: readonly number[]) {
  const branches =
    scope.branchKeys === 'all' ? sql`true` : sql`b.branch_id = any(${intArray(scope.branchKeys)})`;
  const surveys = await queryRows<SurveyIndicators>(
    ctx.db,
    sql`select s.id, s.active, s.definition->'indicators' as indicators,
      exists (select 1 from survey_branches b where b.survey_id = s.id and ${branches}) as serves
    from surveys s where s.company_id = ${scope.companyId} order by s.created_at desc, s.id desc`,
  );
  const inScope = surveys.filter((s) =>
    scope.surveyId !== null ? s.id === scope.surveyId : s.active && (scope.branchKeys === 'all' || s.serves),
  );
  const listed = mergeIndicators(inScope.map((s) => named(s.indicators)));
  const names = new Map(mergeIndicators(surveys.map((s) => named(s.indicators))).map((i) => [i.id, i.name]));
  const extra = scored
    .filter((id) => !listed.some((i) => i.id === id))
    .map((id) => ({ id, name: names.get(id) ?? `#${id}` }));
  return [...listed, ...extra];
}

/**
 * GET /console/reports/summary (operator-side.md "Calls"): responses, NPS with its groups, CSAT and each
 * indicator's average over the scope's days, summed from the daily rollups only (decision 0229).
 */
export async function reportSummary(ctx: ReportContext, query: ReportQuery): Promise<ReportSummary> {
  const scope = await reportScope(ctx.db, ctx.operator, query);
  const where = rollupWhere(scope);
  const [sums = NO_SUMS] = await queryRows<DaySums>(
    ctx.db,
    sql`select ${DAY_SUMS} from report_days t where ${where}`,
  );
  // numeric sums as text: exact, so the mean's rounding is the domain's alone (O5.4).
  const scores = await queryRows<{ id: number; sum: string; count: number }>(
    ctx.db,
    sql`select t.indicator_id as id, sum(t.score_sum)::text as sum, sum(t.score_count)::int as count
    from report_day_indicators t where ${where} group by t.indicator_id`,
  );
  const byId = new Map(scores.map((s) => [s.id, s]));
  const indicators = await indicatorList(
    ctx,
    scope,
    scores.map((s) => s.id).sort((a, b) => a - b),
  );
  const counts = { promoters: sums.promoters, passives: sums.passives, detractors: sums.detractors };
  return {
    responses: sums.responses,
    nps: { score: npsFromCounts(counts), ...counts },
    csat: { score: meanOf(sums.csat_sum, sums.csat_count), count: sums.csat_count },
    indicators: indicators.map(({ id, name }) => {
      const score = byId.get(id);
      return {
        id,
        name,
        average: score ? meanOf(Number(score.sum), score.count) : null,
        count: score?.count ?? 0,
      };
    }),
  };
}
