import {
  bucketStart,
  periodBuckets,
  type ReportQuery,
  type ReportTrend,
  type TrendBucket,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/connection';
import { reportScope, rollupWhere } from './scope';
import { addSums, DAY_SUMS, type DaySums, figuresOf, NO_SUMS, type ReportContext } from './sums';

/**
 * GET /console/reports/trend: the scope's figures per bucket (O5.8), every bucket of the period present
 * (O5.13; zeros and null figures where nobody answered). The rollups are summed per day in SQL (at most
 * 732 rows) and the days put in their buckets here, by the domain's own bucketStart.
 */
export async function reportTrend(
  ctx: ReportContext,
  query: ReportQuery & { bucket: TrendBucket },
): Promise<ReportTrend> {
  const scope = await reportScope(ctx.db, ctx.operator, query);
  const days = await queryRows<DaySums & { day: string }>(
    ctx.db,
    sql`select t.day::text as day, ${DAY_SUMS} from report_days t where ${rollupWhere(scope)} group by t.day`,
  );
  const buckets = new Map(periodBuckets(scope, query.bucket).map((start) => [start, NO_SUMS]));
  for (const day of days) {
    const start = bucketStart(day.day, query.bucket);
    buckets.set(start, addSums(buckets.get(start) ?? NO_SUMS, day));
  }
  return {
    bucket: query.bucket,
    points: [...buckets].map(([start, sums]) => ({ start, ...figuresOf(sums) })),
  };
}
