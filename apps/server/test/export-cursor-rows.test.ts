import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../src/db/connection';
import { cursorRows } from '../src/services/exports/cursor-rows';
import { type ExportRow, keysetRows } from '../src/services/exports/rows';
import { postgresTarget } from './databases';

// The export process reads its rows through a cursor, the server's thread by keyset pages (decision
// 0262): the same rows in the same order either way. PostgreSQL only; fails without it, never skipped.
const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe('an export process reads its rows through a cursor (PostgreSQL)', () => {
  let made: { database: Database; drop(): Promise<void>; url?: string };
  let pool: pg.Pool;

  beforeAll(async () => {
    if (!ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set: the cursor is PostgreSQL’s (0262)');
    made = await postgresTarget(ADMIN_URL).create();
    pool = new pg.Pool({ connectionString: made.url, max: 2 });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await made?.drop();
  });

  const all = async (pages: AsyncIterable<ExportRow[]>) => {
    const read: ExportRow[][] = [];
    for await (const page of pages) read.push(page);
    return read;
  };
  const where = sql`r.company_id = 1`;
  /**
   * Sessions of this database still inside a transaction (a connection handed back mid-export), asked
   * on the harness's own connection: one from `pool` could be that very connection. Polled: a closed
   * connection's server process leaves the list a moment after the socket closes.
   */
  const inTransaction = async () => {
    const [row] = await queryRows<{ n: number }>(
      made.database.db,
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`,
    );
    return row?.n;
  };

  it('pages of the cursor hold the keyset pages’ rows, in the same order, none twice', async () => {
    const keyset = (await all(keysetRows(made.database.db, 7)(where))).flat();
    const pages = await all(cursorRows(pool, 7)(where));
    expect(keyset.length).toBeGreaterThan(300);
    expect(pages.every((page) => page.length > 0 && page.length <= 7)).toBe(true);
    const rows = pages.flat();
    expect(rows.map((row) => row.id)).toEqual(keyset.map((row) => row.id));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    // The same values as the keyset read (the time the row was stored: a Date here, text through drizzle).
    const norm = (row: ExportRow) => ({ ...row, created_at: new Date(row.created_at).toISOString() });
    expect(rows.map(norm)).toEqual(keyset.map(norm));
  });

  it('a page size that divides the rows exactly ends without an empty page', async () => {
    const count = (await all(cursorRows(pool, 1000)(where))).flat().length;
    const pages = await all(cursorRows(pool, count)(where));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toHaveLength(count);
  });

  it('a reader that stops early leaves no connection inside the export’s transaction', async () => {
    for await (const page of cursorRows(pool, 5)(where)) {
      expect(page).toHaveLength(5);
      break;
    }
    await expect.poll(inTransaction).toBe(0);
    // The pool still serves: the stopped export's connection was closed, not handed back mid-read.
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('a fault in the statement rejects the read and leaves no connection inside a transaction', async () => {
    await expect(all(cursorRows(pool, 5)(sql`r.no_such_column = 1`))).rejects.toThrow(/no_such_column/);
    await expect.poll(inTransaction).toBe(0);
  });
});
