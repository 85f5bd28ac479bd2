import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import type { RateLimitStore, WindowCounts } from './store';

const at = (ms: number) => new Date(ms).toISOString();

/** Counters in the `rate_limits` table: one row per key and window, incremented atomically by an upsert. */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    kind: 'database',
    async hit(key, windowStart, windowMs) {
      // One statement: the upsert's returning count is this attempt's place, never a read-then-write race.
      const [row] = await queryRows<WindowCounts>(
        db,
        sql`with hit as (
              insert into rate_limits (key, window_start, count)
              values (${key}, ${at(windowStart)}::timestamptz, 1)
              on conflict (key, window_start) do update set count = rate_limits.count + 1
              returning count
            )
            select (select count from hit) as current,
              coalesce((select count from rate_limits
                where key = ${key} and window_start = ${at(windowStart - windowMs)}::timestamptz), 0) as previous`,
      );
      return { current: Number(row?.current ?? 1), previous: Number(row?.previous ?? 0) };
    },
    async undo(key, windowStart) {
      await db.execute(
        sql`update rate_limits set count = count - 1
            where key = ${key} and window_start = ${at(windowStart)}::timestamptz and count > 0`,
      );
    },
    async cleanup(before) {
      const [row] = await queryRows<{ deleted: number }>(
        db,
        sql`with gone as (delete from rate_limits where window_start < ${before.toISOString()}::timestamptz returning 1)
            select count(*)::int as deleted from gone`,
      );
      return Number(row?.deleted ?? 0);
    },
    async close() {},
  };
}
