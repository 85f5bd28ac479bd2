import { sql } from 'drizzle-orm';
import type { Db } from './connection';

/**
 * Runs a keyset page's statement so that it reads its rows in the index's order and stops at its limit.
 * Without statistics (PGlite never gathers any, decision 0157; PostgreSQL's are stale right after a bulk
 * load) the planner guesses a row comparison `(visit, id) < (…)` matches a few hundred rows, so it
 * bitmap-scans everything before the cursor and sorts it: each page then costs the whole history, and an
 * export of 1,000,000 responses took 12 minutes. With bitmap scans and sorts off for this transaction only,
 * the ordered index scan is the plan, whatever the estimates.
 */
export function inIndexOrder<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // One round trip for both (set_config's third argument: for this transaction only).
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`,
    );
    return work(tx);
  });
}
