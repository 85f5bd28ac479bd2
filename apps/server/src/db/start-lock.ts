import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from './connection';

// Any constant works, distinct from the seed's own transaction lock (7_410_001, db/seed.ts).
const START_LOCK = 7_410_000;

/**
 * Runs `work` (migrations, the demo seed) while no other server on this PostgreSQL database does, so
 * replicas started together take turns instead of racing in drizzle's migrator (decision 0190). A
 * session advisory lock held on a connection of its own, which `work` runs on: drizzle's migrator runs
 * statements outside its own transaction and commits that transaction itself, so a transaction-level
 * lock would not cover it. PGlite: `work` at once, as one process owns a PGlite data dir and migrates
 * it before serving, so there is no other server to wait for.
 */
export async function underStartLock<T>(database: Database, work: (db: Db) => Promise<T>): Promise<T> {
  if (database.driver === 'pglite') return work(database.db);
  return database.exclusive(async (db) => {
    const [tried] = await queryRows<{ locked: boolean }>(
      db,
      sql`select pg_try_advisory_lock(${START_LOCK}) as locked`,
    );
    if (!tried?.locked) {
      console.warn('Another server is migrating or seeding this database: waiting for it to finish');
      await db.execute(sql`select pg_advisory_lock(${START_LOCK})`);
    }
    // A failure ends the connection (Database.exclusive), which releases the lock with it.
    const result = await work(db);
    await db.execute(sql`select pg_advisory_unlock(${START_LOCK})`);
    return result;
  });
}
