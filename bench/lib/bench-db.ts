import { createDatabase, type Database } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { scratchPostgres } from '../../apps/server/test/databases';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  database: Database;
  /** Where it lives, for the result file (never a password: the URL's credentials are left out). */
  where: string;
  /**
   * Closes the connection and, for PostgreSQL, drops the bench database. Safe to call more than once:
   * every call resolves when the one drop is done, so no caller exits in the middle of it.
   */
  dispose(): Promise<void>;
  /** PostgreSQL's own URL, for what connects to it beside the server (the export process, decision 0262). */
  url?: string;
}

/**
 * A migrated database holding the demo seed: PGlite in memory (or in `dataDir`/pglite, as the server
 * runs it; the caller removes the folder), or a fresh `vv_bench_<random>` database on the PostgreSQL of
 * BENCH_DATABASE_URL, dropped by dispose() (and on SIGINT/SIGTERM) whatever happens.
 */
export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  options: { dataDir?: string } = {},
): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    // BENCH_PGLITE_THREAD=0: PGlite in the server's own thread, as before decision 0155 (for comparison).
    const thread = process.env.BENCH_PGLITE_THREAD === '0' ? false : undefined;
    const database = await createDatabase({ dataDir: options.dataDir, thread });
    await migrate(database);
    await seedDemo(database.db);
    const where = `PGlite ${options.dataDir ? `in ${options.dataDir}/pglite` : 'in memory'}${
      (thread ?? Boolean(options.dataDir)) ? ', in a worker thread' : ''
    }`;
    return { database, where, dispose: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const scratch = await scratchPostgres(adminUrl, 'vv_bench');
  let database: Database | undefined;
  // A bench server's own SIGTERM handler calls dispose() beside onSignal's (see BenchDatabase.dispose).
  let disposing: Promise<void> | undefined;
  const dispose = () => {
    disposing ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await database?.close().catch(() => {});
      await scratch.drop();
    })();
    return disposing;
  };
  const onSignal = () => {
    void dispose().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    database = await createDatabase({ databaseUrl: scratch.url });
    await migrate(database);
    await seedDemo(database.db);
  } catch (err) {
    await dispose();
    throw err;
  }
  const host = new URL(adminUrl);
  return {
    database,
    where: `PostgreSQL at ${host.hostname}:${host.port || 5432}, database ${scratch.name}`,
    dispose,
    url: scratch.url,
  };
}
