import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_ROOT } from '../paths';
import type { Database } from './connection';
import { underStartLock } from './start-lock';

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/**
 * Applies the committed SQL migrations in apps/server/drizzle (drizzle's migrator, either driver), one
 * server at a time on a shared PostgreSQL database (the start lock, decision 0190).
 */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.driver === 'postgres') {
    // Loaded only for PostgreSQL, as in connection.ts: a PGlite start never needs the pg driver.
    const { migrate: migrateNodePg } = await import('drizzle-orm/node-postgres/migrator');
    await underStartLock(database, (db) => migrateNodePg(db as unknown as NodePgDatabase, config));
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  }
}
