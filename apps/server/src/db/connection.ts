import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import {
  type DemoTemplate,
  PGLITE_DIST,
  PGLITE_EXTENSIONS,
  PGLITE_START_PARAMS,
  prepareDataDir,
} from './connection-template';
import { ThreadedPglite } from './pglite-threaded';
import * as schema from './schema';

/** The drizzle database, whichever driver is underneath (both speak PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PGlite's cluster folder, when PGlite keeps its files on disk. */
  dataDir?: string;
  /** Cheap round trip for the health check. */
  ping(): Promise<void>;
  /**
   * Runs `work` on one connection of its own, whose session state (a session advisory lock: the start
   * lock of db/start-lock.ts) it keeps throughout. PostgreSQL: a pool client, ended rather than reused if
   * `work` fails, so nothing it held outlives the failure; PGlite has one connection, that one.
   */
  exclusive<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL when set. */
  databaseUrl?: string | undefined;
  /** PGlite keeps its files in `${dataDir}/pglite`; without a dataDir PGlite runs in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite in a worker thread (decision 0155), so a statement never holds up HTTP. Default: on with a
   * dataDir (the server, the admin CLI, the benches), off in memory (the tests, which open hundreds).
   */
  thread?: boolean | undefined;
  /** A new data dir starts as a copy of the demo template (decision 0165): npm start's server. */
  demo?: DemoTemplate | undefined;
}

let compiling: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process: every database opened after the first (the
 * tests open hundreds) instantiates the same module. The first compile runs on V8's background threads
 * while the data dir is filled on libuv's (decision 0153); PGlite itself would compile it only after the
 * copy. Read at once, not with readFile: its reads would queue behind the copy's thousand files on
 * libuv's threads.
 */
function pgliteModule(): Promise<WebAssembly.Module> {
  if (!compiling) {
    compiling = WebAssembly.compile(readFileSync(join(PGLITE_DIST, 'pglite.wasm')));
    // A failed compile is reported to the caller that awaits it, and tried again by the next one.
    compiling.catch(() => {
      compiling = undefined;
    });
  }
  return compiling;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite with the pg_trgm extension loaded. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only here: on PGlite (npm start's default) the pg driver would only slow the start down.
    const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose connection the server ended (restart, failover, admin terminate) emits
    // 'error'; unhandled, that would crash the process. The pool drops the client and reconnects on the
    // next query, and a query in flight still fails with its own error.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      exclusive: async (work) => {
        const client = await pool.connect();
        let failure: Error | undefined;
        try {
          return await work(drizzleNodePg({ client, schema }) as unknown as Db);
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
          throw error;
        } finally {
          client.release(failure);
        }
      },
      close: () => pool.end(),
    };
  }
  const wasm = pgliteModule();
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    // An empty dir starts as a copy of a prepared cluster instead of running initdb (decision 0126).
    await prepareDataDir(dataDir, undefined, options.demo);
  }
  const pgliteWasmModule = await wasm;
  // With a thread (decision 0155) the compiled module is handed to the worker: it is not compiled twice.
  const client =
    (options.thread ?? Boolean(dataDir))
      ? await ThreadedPglite.open({ dataDir, pgliteWasmModule, startParams: PGLITE_START_PARAMS })
      : await PGlite.create({
          ...(dataDir ? { dataDir } : {}),
          extensions: PGLITE_EXTENSIONS,
          startParams: PGLITE_START_PARAMS,
          pgliteWasmModule,
        });
  // New WAL segments are not zero-filled first (decision 0156): 16 MB written to make each one held up
  // every create in flight by ~25 ms of CPU, and PGlite runs without fsync, so the zeros bought nothing.
  await client.exec('set wal_init_zero = off');
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ...(dataDir ? { dataDir } : {}),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    exclusive: (work) => work(db),
    close: () => client.close(),
  };
}

export { queryRows } from './query-rows';
