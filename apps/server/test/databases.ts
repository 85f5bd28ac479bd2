import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated and seeded database; `drop` removes it (call it in afterAll). */
  create(options?: { now?: Date; seed?: boolean }): Promise<{ database: Database; drop(): Promise<void> }>;
}

// Tests read their own environment: the server's config.ts is for the server process only.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

const pglite: TestDatabaseTarget = {
  name: 'pglite',
  async create(options = {}) {
    const database = await createDatabase({});
    await migrate(database);
    if (options.seed !== false) await seedDemo(database.db, options);
    return { database, drop: () => database.close() };
  },
};

const postgres = (adminUrl: string): TestDatabaseTarget => ({
  name: 'postgres',
  async create(options = {}) {
    const name = `vv_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    let database: Database | undefined;
    const drop = async () => {
      await database?.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    };
    try {
      database = await createDatabase({ databaseUrl: url.toString() });
      await migrate(database);
      if (options.seed !== false) await seedDemo(database.db, options);
      return { database, drop };
    } catch (error) {
      await drop();
      throw error;
    }
  },
});

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export function databases(): TestDatabaseTarget[] {
  return TEST_DATABASE_URL ? [pglite, postgres(TEST_DATABASE_URL)] : [pglite];
}
