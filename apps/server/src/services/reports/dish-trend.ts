import {
  AppError,
  bucketStart,
  type DishCounts,
  type DishTrend,
  dishFigures,
  ErrorCodes,
  periodBuckets,
  type TrendBucket,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { menuEntries } from './dishes';
import { type ReportScope, rollupWhere } from './scope';

/**
 * How one dish moves over time (issue 29 item 4): its ratings and shares per day, week or month (O5.8),
 * every bucket of the period present (O7.4). A ref neither on the menu nor rated in the scope is not
 * found (404 10014), so a typo is not read as a dish nobody rated.
 */
export async function dishTrend(
  db: Db,
  scope: ReportScope,
  ref: string,
  bucket: TrendBucket,
): Promise<DishTrend> {
  const days = await queryRows<DishCounts & { day: string }>(
    db,
    sql`select t.day::text as day, sum(t.bad)::int as bad, sum(t.neutral)::int as neutral,
      sum(t.good)::int as good
      from report_day_dishes t where ${rollupWhere(scope)} and t.ref = ${ref} group by t.day`,
  );
  const [menu] = await menuEntries(db, scope.companyId, [ref]);
  if (!menu && days.length === 0)
    throw new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No dish ${ref}` });
  const buckets = new Map<string, DishCounts>(
    periodBuckets(scope, bucket).map((start) => [start, { bad: 0, neutral: 0, good: 0 }]),
  );
  for (const day of days) {
    const counts = buckets.get(bucketStart(day.day, bucket));
    if (!counts) continue; // never: every day of the scope is in one of its buckets
    counts.bad += day.bad;
    counts.neutral += day.neutral;
    counts.good += day.good;
  }
  return {
    ref,
    name: menu?.name ?? null,
    bucket,
    points: [...buckets].map(([start, counts]) => ({ start, ...dishFigures(counts) })),
  };
}
