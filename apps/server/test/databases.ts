import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { serviceUrl } from './support/services';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated and seeded database; `drop` removes it (call it in afterAll). */
  /** `url`: a PostgreSQL database's own URL (the export processes connect to it, decision 0262). */
  create(options?: {
    now?: Date;
    seed?: boolean;
  }): Promise<{ database: Database; drop(): Promise<void>; url?: string }>;
}

// Tests read their own environment: the server's config.ts is for the server process only. Unset in
// CI (CI=true), serviceUrl throws: the PostgreSQL half never passes by being skipped there.
const TEST_DATABASE_URL = serviceUrl('TEST_DATABASE_URL');
// TEST_PGLITE_THREAD=1 runs the PGlite half with PGlite in a worker thread, as the server runs it
// (decision 0155); by default in this thread, which opens the hundreds of test databases sooner.
const PGLITE_THREAD = process.env.TEST_PGLITE_THREAD === '1';
// The run's folder for PGlite data dirs (test/global-setup.ts), removed when the run ends whatever a
// test left there; elsewhere (the soak runs) the system's temporary folder.
const PGLITE_DATA_DIRS = process.env.TEST_PGLITE_DATA_DIRS || tmpdir();

type CreateOptions = Parameters<TestDatabaseTarget['create']>[0];

/** Migrates and seeds a new database; if that fails, drops it and throws. */
async function prepared(database: Database, drop: () => Promise<void>, options: CreateOptions = {}) {
  try {
    await migrate(database);
    if (options.seed !== false) await seedDemo(database.db, options);
    return { database, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

const pglite: TestDatabaseTarget = {
  name: 'pglite',
  async create(options) {
    // A data dir, not memory: a new one starts as a copy of the install's migrated template cluster
    // (decision 0126), where a database in memory runs PGlite's initdb every time (decision 0163).
    const dataDir = mkdtempSync(join(PGLITE_DATA_DIRS, 'vv-test-pglite-'));
    const database = await createDatabase({ dataDir, thread: PGLITE_THREAD });
    return prepared(
      database,
      async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
      options,
    );
  },
};

/** Runs one statement on a connection of its own, closed afterwards. */
export async function pgQuery(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * An empty database of its own (`<prefix>_<random>`) on the PostgreSQL server of adminUrl: `url` to
 * connect to it, `drop` removes it even while connections are open.
 */
export async function scratchPostgres(
  adminUrl: string,
  prefix = 'vv_test',
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await pgQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await pgQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export const postgresTarget = (adminUrl: string): TestDatabaseTarget => ({
  name: 'postgres',
  async create(options) {
    const scratch = await scratchPostgres(adminUrl);
    let database: Database;
    try {
      database = await createDatabase({ databaseUrl: scratch.url });
    } catch (error) {
      await scratch.drop();
      throw error;
    }
    const made = await prepared(
      database,
      async () => {
        await database.close();
        await scratch.drop();
      },
      options,
    );
    return { ...made, url: scratch.url };
  },
});

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export function databases(): TestDatabaseTarget[] {
  return TEST_DATABASE_URL ? [pglite, postgresTarget(TEST_DATABASE_URL)] : [pglite];
}
