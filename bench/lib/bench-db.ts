import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../apps/server/src/db/connection';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  database: Database;
  /** Where it lives, for the result file (never a password: the URL's credentials are left out). */
  where: string;
  /** Closes the connection and, for PostgreSQL, drops the bench database. Safe to call twice. */
  dispose(): Promise<void>;
}

/** The admin URL with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database holding the demo seed: PGlite in memory, or a fresh `vv_bench_<random>` database
 * on the PostgreSQL of BENCH_DATABASE_URL, dropped by dispose() (and on SIGINT/SIGTERM) whatever happens.
 */
export async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const database = await createDatabase({});
    await migrate(database);
    await seedDemo(database.db);
    return { database, where: 'PGlite in memory', dispose: () => database.close() };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const name = `vv_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  let disposed = false;
  let database: Database | undefined;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await database?.close().catch(() => {});
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  const onSignal = () => {
    void dispose().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    database = await createDatabase({ databaseUrl: withDatabase(adminUrl, name) });
    await migrate(database);
    await seedDemo(database.db);
  } catch (err) {
    await dispose();
    throw err;
  }
  const host = new URL(adminUrl);
  return {
    database,
    where: `PostgreSQL at ${host.hostname}:${host.port || 5432}, database ${name}`,
    dispose,
  };
}
