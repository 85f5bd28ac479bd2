/**
 * On PostgreSQL the orphan-photos job (decision 0145) runs through pg-boss like the other jobs: it is
 * scheduled hourly and a run sweeps with the `now` it was sent. Its own database, so pg-boss's schema
 * goes with it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, queryRows } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { createScheduler, type Scheduler, serverJobs } from '../src/services/jobs';
import { createLocalStorage } from '../src/services/storage';
import { exists, HOUR, photoKeys, putAged, wholeSecondNow } from './orphan-photo-fixtures';
import { roomyLimiter } from './support/limiters';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('orphan-photos job through pg-boss', () => {
  const name = `vv_sweep_${randomBytes(6).toString('hex')}`;
  const adminUrl = TEST_DATABASE_URL ?? '';
  let database: Database | undefined;
  let scheduler: Scheduler | undefined;
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vv-sweep-boss-'));
    await admin(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await createDatabase({ databaseUrl: url.toString() });
    await migrate(database);
    await seedDemo(database.db);
    const storage = createLocalStorage(dir);
    scheduler = createScheduler({
      database,
      databaseUrl: url.toString(),
      // The run pg-boss queues at start reads this clock: so long ago that every file is young to it.
      clock: { now: () => new Date('2000-01-01T00:00:00Z') },
      jobs: serverJobs({ db: database.db, rateLimiter: roomyLimiter(), storage }),
    });
    await scheduler.start();
  });
  afterAll(async () => {
    await scheduler?.stop();
    await database?.close();
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    await rm(dir, { recursive: true, force: true });
  });

  it('is scheduled hourly and a run removes an old orphan, keeps a young one and answers the counts', async () => {
    const db = database?.db;
    if (!db || !scheduler) throw new Error('not started');
    const schedules = await queryRows<{ name: string; cron: string }>(
      db,
      sql`select name, cron from pgboss.schedule where name = 'orphan-photos'`,
    );
    expect(schedules).toEqual([{ name: 'orphan-photos', cron: '0 * * * *' }]);

    const now = wholeSecondNow();
    const storage = createLocalStorage(dir);
    const old = photoKeys('photos/1');
    const young = photoKeys('staff/1');
    await putAged(storage, dir, old.image, now, 2 * HOUR);
    await putAged(storage, dir, young.image, now, 0);
    const runs = await scheduler.runDue(now);
    expect(runs.find((run) => run.name === 'orphan-photos')).toEqual({
      name: 'orphan-photos',
      ok: true,
      result: { listed: 2, young: 1, removed: 1, failed: 0 },
      error: null,
    });
    expect(await exists(dir, old.image)).toBe(false);
    expect(await exists(dir, young.image)).toBe(true);
  });
});
