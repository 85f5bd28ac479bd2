import type { SQL } from 'drizzle-orm';
import type { Db } from './connection';

/**
 * Runs raw SQL and returns its rows; both drivers answer `{ rows }`. A module of its own (connection.ts
 * re-exports it) so that code which only queries, such as the export process's bundle (decision 0262),
 * does not load the PGlite driver connection.ts imports.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
