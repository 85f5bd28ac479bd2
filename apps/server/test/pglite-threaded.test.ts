import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, queryRows } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { responses } from '../src/db/schema';
import { seedDemo } from '../src/db/seed';
import { demoHistoryGuids } from '../src/db/seed-responses';
import { isUniqueViolation } from '../src/services/responses/db-errors';

// Decision 0155: the server's PGlite runs in a worker thread. Whatever the app asks of the database
// must answer the same there as in this thread: rows and their types, errors, transactions.

const row = (guid: string) => ({
  companyId: 1,
  surveyId: 1,
  guid,
  payloadHash: 'h',
  payload: { answers: [1, 2], note: 'ß and 😀' },
  visitDatetime: '2025-06-14 17:30:00',
  authType: 'web' as const,
  npsScore: 9,
});
const GUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function open(thread: boolean): Promise<Database> {
  const database = await createDatabase({ thread });
  await migrate(database);
  await seedDemo(database.db);
  return database;
}

describe('PGlite in a worker thread (decision 0155)', () => {
  let threaded: Database;
  let local: Database;
  beforeAll(async () => {
    [threaded, local] = await Promise.all([open(true), open(false)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([threaded?.close(), local?.close()]);
  });

  it('answers what PGlite in this thread answers: rows, jsonb, timestamps as text, numbers, bigint, bytea', async () => {
    const work = async ({ db }: Database) => {
      const [inserted] = await db
        .insert(responses)
        .values(row(GUID(1)))
        .returning();
      const selected = await db
        .select()
        .from(responses)
        .where(eq(responses.guid, GUID(1)));
      const raw = await queryRows(
        db,
        sql`select 9007199254740993::int8 as big, '\\x00ff'::bytea as bytes, array[1,2] as ints,
              '2025-01-02 03:04:05+00'::timestamptz as at, null::text as nothing`,
      );
      // createdAt is the database's clock: equal in shape, not in value.
      return {
        inserted: { ...inserted, createdAt: typeof inserted?.createdAt },
        selected: selected.length,
        raw,
      };
    };
    const [there, here] = await Promise.all([work(threaded), work(local)]);
    expect(there).toEqual(here);
    expect(there.inserted.payload).toEqual(row(GUID(1)).payload);
    expect(there.raw[0]).toMatchObject({ big: 9007199254740993n, ints: [1, 2] });
  });

  it('gives each statement the types it asked for as text, whatever the statements before asked', async () => {
    type Client = {
      query(sql: string, params: unknown[], options: object): Promise<{ rows: unknown[] }>;
      exec(sql: string): Promise<{ rows: unknown[] }[]>;
    };
    const client = ({ db }: Database) => (db as unknown as { $client: Client }).$client;
    const text = (value: string) => value;
    const at = `select '2025-01-02 03:04:05+00'::timestamptz as at, '2025-01-02'::date as day`;
    // Drizzle's set (timestamps, dates, intervals) first, then none, a smaller one, none again, an exec.
    const asked = [{ 1184: text, 1082: text, 1114: text, 1186: text }, {}, { 1082: text }, {}];
    const work = async (database: Database) => {
      const answers: unknown[] = [];
      for (const parsers of asked) {
        answers.push((await client(database).query(at, [], { rowMode: 'object', parsers })).rows[0]);
      }
      answers.push((await client(database).exec(at))[0]?.rows[0]);
      return answers;
    };
    const answers = await work(threaded);
    expect(answers).toEqual(await work(local));
    expect(answers[0]).toEqual({ at: '2025-01-02 03:04:05+00', day: '2025-01-02' });
    expect((answers[1] as { at: unknown }).at).toBeInstanceOf(Date);
    expect(answers[2]).toMatchObject({ day: '2025-01-02' });
    expect((answers[2] as { at: unknown }).at).toBeInstanceOf(Date);
    expect((answers[4] as { at: unknown }).at).toBeInstanceOf(Date);
  });

  it('runs without zero-filling new WAL segments, in either thread (decision 0156)', async () => {
    for (const { db } of [threaded, local]) {
      expect(await queryRows(db, sql`select current_setting('wal_init_zero') as zero`)).toEqual([
        { zero: 'off' },
      ]);
    }
  });

  it('opens with a 32 MB buffer pool, in either thread, where initdb wrote 128 MB (decision 0163)', async () => {
    for (const { db } of [threaded, local]) {
      expect(await queryRows(db, sql`select current_setting('shared_buffers') as pool`)).toEqual([
        { pool: '32MB' },
      ]);
    }
  });

  it('keeps the PostgreSQL error: code and constraint, as isUniqueViolation reads them', async () => {
    await threaded.db.insert(responses).values(row(GUID(2)));
    const error = await threaded.db
      .insert(responses)
      .values(row(GUID(2)))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isUniqueViolation(error, 'responses_guid_key')).toBe(true);
    // The database is fine after an error.
    expect(await queryRows(threaded.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('commits a transaction that resolves, rolls back one that throws, and a savepoint alone', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.insert(responses).values(row(GUID(3)));
      await tx
        .transaction(async (inner) => {
          await inner.insert(responses).values(row(GUID(4)));
          throw new Error('undo the savepoint only');
        })
        .catch(() => {});
    });
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.insert(responses).values(row(GUID(5)));
        throw new Error('undo it all');
      }),
    ).rejects.toThrow('undo it all');
    const guids = await threaded.db
      .select({ guid: responses.guid })
      .from(responses)
      .where(sql`${responses.guid} in (${GUID(3)}, ${GUID(4)}, ${GUID(5)})`);
    expect(guids.map((r) => r.guid)).toEqual([GUID(3)]);
  });

  it('lets a statement from outside an open transaction wait for it, then see what it committed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = threaded.db.transaction(async (tx) => {
      await tx.insert(responses).values(row(GUID(6)));
      await held;
    });
    // Sent while the transaction is open: it must not run inside it, nor before it ends.
    const outside = threaded.db
      .select({ guid: responses.guid })
      .from(responses)
      .orderBy(desc(responses.id))
      .limit(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ guid: GUID(6) }]);
  });

  it('keeps this thread free while a statement runs: a timer fires before a long statement answers', async () => {
    const order: string[] = [];
    const statement = queryRows(threaded.db, sql`select count(*) from generate_series(1, 3000000)`).then(() =>
      order.push('statement'),
    );
    setTimeout(() => order.push('timer'), 1);
    await statement;
    expect(order[0]).toBe('timer');
  });

  it('keeps its files in the data dir across a close and a new open, and refuses statements once closed', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vv-thread-'));
    try {
      // A data dir means a thread by default: the server's way.
      const first = await createDatabase({ dataDir });
      await migrate(first);
      await seedDemo(first.db);
      await first.db.insert(responses).values(row(GUID(7)));
      await first.close();
      // drizzle wraps the driver's error: the cause is ours.
      await expect(first.ping()).rejects.toHaveProperty('cause.message', 'the database is closed');

      const second = await createDatabase({ dataDir });
      // The demo's own history (decision 0237) left out: the row written before the close is there.
      const found = await second.db
        .select({ guid: responses.guid })
        .from(responses)
        .where(notInArray(responses.guid, demoHistoryGuids()));
      const pool = await queryRows(second.db, sql`select current_setting('shared_buffers') as pool`);
      await second.close();
      expect(found).toEqual([{ guid: GUID(7) }]);
      // The cluster's own postgresql.conf says 128 MB; every open starts with 32 (decision 0163).
      expect(pool).toEqual([{ pool: '32MB' }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
