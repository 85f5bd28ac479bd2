import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { scheduledJobs } from '../src/db/schema';
import { PURGE_EVERY_MINUTES, serverJobs } from '../src/services/jobs';
import { databaseScheduler } from '../src/services/jobs/database-scheduler';
import { checkJobs, cronFor, type Job } from '../src/services/jobs/scheduler';
import { databases } from './databases';
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

const T0 = new Date('2025-06-14T18:30:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const INTERVAL = PURGE_EVERY_MINUTES * MINUTE;

describe('job intervals', () => {
  it.each([
    [1, '* * * * *'],
    [15, '*/15 * * * *'],
    [60, '0 * * * *'],
    [360, '0 */6 * * *'],
    [1440, '0 0 * * *'],
  ])('every %i min is cron %s', (minutes, cron) => {
    expect(cronFor(minutes)).toBe(cron);
  });

  it.each([0, 7, 90, 2880, 1.5])('every %s min is refused', (minutes) => {
    expect(() => cronFor(minutes)).toThrow(/not a divisor/);
  });

  it('a job name that pg-boss could not use, or a duplicate, fails at once', () => {
    const job = (name: string): Job => ({ name, everyMinutes: 60, run: async () => ({}) });
    expect(() => checkJobs([job('Purge Now')])).toThrow(/kebab-case/);
    expect(() => checkJobs([job('purge'), job('purge')])).toThrow(/twice/);
  });
});

describe.each(databases())('in-process scheduler on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  let photos: TempPhotoStorage;

  beforeAll(async () => {
    ({ database, drop } = await target.create({ now: T0 }));
    photos = await tempPhotoStorage();
  });
  afterAll(async () => {
    await drop?.();
    await photos?.remove();
  });

  const plan = async (name: string) =>
    (await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];

  it('contact details are present at 7 days − 1 minute and absent after 7 days + one job interval', async () => {
    const db = database.db;
    const clock = movableClock(T0);
    const scheduler = databaseScheduler({
      db,
      clock,
      jobs: serverJobs({ db, rateLimiter: roomyLimiter(), storage: photos.storage }),
    });
    const id = await insertResponseWithContact(db, T0);
    await scheduler.start();
    try {
      // Walk the clock hour by hour as the timer would, up to 7 days − 1 minute.
      for (let t = T0.getTime(); t <= at(7 * DAY - MINUTE).getTime(); t += INTERVAL)
        await scheduler.runDue(new Date(t));
      await scheduler.runDue(at(7 * DAY - MINUTE));
      expect(await hasContact(db, id)).toBe(true);

      const runs = await scheduler.runDue(at(7 * DAY + INTERVAL));
      expect(runs.find((run) => run.name === 'retention-contact-details')).toMatchObject({ ok: true });
      expect(await hasContact(db, id)).toBe(false);
      expect(await hasResponse(db, id)).toBe(true);
    } finally {
      await scheduler.stop();
    }
  });

  it('runs a job only when it is due, and keeps its result', async () => {
    const db = database.db;
    const clock = movableClock(T0);
    const calls: Date[] = [];
    const job: Job = {
      name: 'count-calls',
      everyMinutes: 60,
      run: async (now) => {
        calls.push(now);
        return { n: calls.length };
      },
    };
    const scheduler = databaseScheduler({ db, clock, jobs: [job] });
    expect((await scheduler.runDue(T0)).map((r) => r.name)).toEqual(['count-calls']);
    expect(await scheduler.runDue(at(59 * MINUTE))).toEqual([]);
    expect(await scheduler.runDue(at(60 * MINUTE))).toEqual([
      { name: 'count-calls', ok: true, result: { n: 2 }, error: null },
    ]);
    expect(calls).toEqual([T0, at(60 * MINUTE)]);
    expect(await plan('count-calls')).toMatchObject({
      nextRunAt: at(120 * MINUTE),
      lastRunAt: at(60 * MINUTE),
      lastResult: { n: 2 },
    });
  });

  it('a restart keeps the plan, and a run missed while the server was down happens right at start', async () => {
    const db = database.db;
    let runs = 0;
    const job: Job = { name: 'restart-job', everyMinutes: 60, run: async () => ({ runs: ++runs }) };
    const first = databaseScheduler({ db, clock: movableClock(T0), jobs: [job] });
    await first.start();
    await first.stop();
    expect(runs).toBe(1);

    // Restarted 30 minutes later: not due yet, the stored plan (T0 + 1 h) is kept.
    const second = databaseScheduler({ db, clock: movableClock(at(30 * MINUTE)), jobs: [job] });
    await second.start();
    await second.stop();
    expect(runs).toBe(1);
    expect((await plan('restart-job'))?.nextRunAt).toEqual(at(60 * MINUTE));

    // Restarted after 5 hours down: the missed run happens during start, once, and the plan moves on.
    const third = databaseScheduler({ db, clock: movableClock(at(5 * 60 * MINUTE)), jobs: [job] });
    await third.start();
    await third.stop();
    expect(runs).toBe(2);
    expect((await plan('restart-job'))?.nextRunAt).toEqual(at(6 * 60 * MINUTE));
  });

  it('a restart over the same database purges what fell due while it was down', async () => {
    const db = database.db;
    const jobs = serverJobs({ db, rateLimiter: roomyLimiter(), storage: photos.storage });
    const before = databaseScheduler({ db, clock: movableClock(at(20 * DAY)), jobs });
    await before.start();
    await before.stop();
    const id = await insertResponseWithContact(db, at(20 * DAY));

    const after = databaseScheduler({ db, clock: movableClock(at(27 * DAY + INTERVAL)), jobs });
    await after.start();
    await after.stop();
    expect(await hasContact(db, id)).toBe(false);
  });

  it('a failing job is tried again after 5 minutes, records the error and does not stop the others', async () => {
    const db = database.db;
    let fail = true;
    const flaky: Job = {
      name: 'flaky-job',
      everyMinutes: 60,
      run: async () => {
        if (fail) throw new Error('disk on fire');
        return { fine: true };
      },
    };
    const steady: Job = { name: 'steady-job', everyMinutes: 60, run: async () => ({ fine: true }) };
    const scheduler = databaseScheduler({ db, clock: movableClock(T0), jobs: [flaky, steady] });
    const runs = await scheduler.runDue(T0);
    expect(runs).toEqual([
      { name: 'flaky-job', ok: false, result: null, error: 'disk on fire' },
      { name: 'steady-job', ok: true, result: { fine: true }, error: null },
    ]);
    expect(await plan('flaky-job')).toMatchObject({
      nextRunAt: at(5 * MINUTE),
      lastResult: { error: 'disk on fire' },
    });
    fail = false;
    expect((await scheduler.runDue(at(5 * MINUTE))).map((r) => r.name)).toEqual(['flaky-job']);
  });

  it('runs a job whose plan is more than one interval ahead (the clock went back)', async () => {
    const db = database.db;
    let runs = 0;
    const job: Job = { name: 'clock-back-job', everyMinutes: 60, run: async () => ({ runs: ++runs }) };
    const scheduler = databaseScheduler({ db, clock: movableClock(at(10 * DAY)), jobs: [job] });
    await scheduler.runDue(at(10 * DAY));
    expect(await scheduler.runDue(at(9 * DAY))).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it('overlapping runDue calls never run a job twice for one due time', async () => {
    const db = database.db;
    let runs = 0;
    const job: Job = {
      name: 'overlap-job',
      everyMinutes: 60,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return {};
      },
    };
    const scheduler = databaseScheduler({ db, clock: movableClock(T0), jobs: [job] });
    await Promise.all([scheduler.runDue(T0), scheduler.runDue(T0), scheduler.runDue(T0)]);
    expect(runs).toBe(1);
  });
});
