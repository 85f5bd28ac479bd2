import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, queryRows } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { createScheduler, serverJobs } from '../src/services/jobs';
import type { Scheduler } from '../src/services/jobs/scheduler';
import { scratchPostgres } from './databases';
import {
  DAY,
  hasContact,
  hasResponse,
  insertResponseWithContact,
  MINUTE,
  movableClock,
} from './retention-fixtures';
import { roomyLimiter } from './support/limiters';
import { type TempPhotoStorage, tempPhotoStorage } from './support/photo-storage';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const T0 = new Date('2025-06-14T18:30:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Polls until `check` holds (pg-boss works in the background); fails after a generous deadline. */
async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// pg-boss needs PostgreSQL: this file runs only with TEST_DATABASE_URL (the in-process scheduler is
// tested on both databases in jobs.test.ts).
describe.skipIf(!TEST_DATABASE_URL)('pg-boss scheduler on PostgreSQL', () => {
  let url = '';
  let dropDatabase = async () => {};
  let database: Database;
  const clock = movableClock(at(30 * DAY));
  let scheduler: Scheduler | null = null;
  let photos: TempPhotoStorage;

  const startScheduler = async () => {
    const created = createScheduler({
      database,
      databaseUrl: url,
      clock,
      jobs: serverJobs({ db: database.db, rateLimiter: roomyLimiter(), storage: photos.storage }),
    });
    await created.start();
    scheduler = created;
    return created;
  };

  beforeAll(async () => {
    // Its own database: pg-boss's schema and jobs go with it when it is dropped.
    const scratch = await scratchPostgres(TEST_DATABASE_URL ?? '', 'vv_jobs');
    url = scratch.url;
    dropDatabase = scratch.drop;
    database = await createDatabase({ databaseUrl: url });
    await migrate(database);
    await seedDemo(database.db, { now: T0 });
    photos = await tempPhotoStorage();
  });

  afterAll(async () => {
    await scheduler?.stop();
    await database?.close();
    await dropDatabase();
    await photos?.remove();
  });

  it('start creates pg-boss schema, queues and their cron schedules (hourly, the report fold every minute, the console cleanups daily), and runs the purge once at start', async () => {
    const id = await insertResponseWithContact(database.db, T0);
    const started = await startScheduler();
    expect(started.kind).toBe('pg-boss');
    await eventually(async () => !(await hasContact(database.db, id)), 'the start-up purge');
    expect(await hasResponse(database.db, id)).toBe(true);
    const schedules = await queryRows<{ name: string; cron: string }>(
      database.db,
      sql`select name, cron from pgboss.schedule order by name`,
    );
    expect(schedules).toEqual([
      { name: 'audit-retention', cron: '0 0 * * *' },
      { name: 'console-cleanup', cron: '0 0 * * *' },
      { name: 'orphan-photos', cron: '0 * * * *' },
      { name: 'rate-limit-cleanup', cron: '0 * * * *' },
      { name: 'reports-fold', cron: '* * * * *' },
      { name: 'response-exports', cron: '* * * * *' },
      { name: 'retention-contact-details', cron: '0 * * * *' },
      { name: 'webhook-deliveries', cron: '* * * * *' },
    ]);
  });

  it('through pg-boss: present at 7 days − 1 minute, absent after 7 days + one job interval', async () => {
    const active = scheduler ?? (await startScheduler());
    const given = at(40 * DAY);
    const id = await insertResponseWithContact(database.db, given);

    const early = await active.runDue(new Date(given.getTime() + 7 * DAY - MINUTE));
    expect(early.find((run) => run.name === 'retention-contact-details')).toEqual({
      name: 'retention-contact-details',
      ok: true,
      result: { deleted: 0 },
      error: null,
    });
    expect(await hasContact(database.db, id)).toBe(true);

    const late = await active.runDue(new Date(given.getTime() + 7 * DAY + 60 * MINUTE));
    expect(late.find((run) => run.name === 'retention-contact-details')?.result).toEqual({ deleted: 1 });
    expect(await hasContact(database.db, id)).toBe(false);
  });

  it('a restart (a new scheduler over the same database) runs the missed purge right after start', async () => {
    await scheduler?.stop();
    scheduler = null;
    clock.set(at(60 * DAY));
    const id = await insertResponseWithContact(database.db, at(50 * DAY));
    await startScheduler();
    await eventually(async () => !(await hasContact(database.db, id)), 'the purge after restart');
  });

  it('stop is idempotent and runDue after stop says so', async () => {
    const active = scheduler ?? (await startScheduler());
    await active.stop();
    await active.stop();
    scheduler = null;
    await expect(active.runDue(at(70 * DAY))).rejects.toThrow(/not started/);
  });
});
