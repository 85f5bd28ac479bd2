import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { scheduledJobs } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import {
  checkJobs,
  errorMessage,
  type Job,
  type JobLogger,
  type JobRun,
  type Scheduler,
  silentLogger,
} from './scheduler';

/** How often the timer looks for due jobs; the jobs themselves run every `everyMinutes`. */
const DEFAULT_POLL_MS = 60_000;
/** A failed run is tried again after this long (or its interval, if shorter), not a whole interval later. */
const RETRY_MS = 5 * 60_000;

export interface DatabaseSchedulerOptions {
  db: Db;
  clock: Clock;
  jobs: readonly Job[];
  log?: JobLogger;
  pollMs?: number;
}

/**
 * The in-process scheduler (PGlite). Each job's next run is a row in `scheduled_jobs`, so a restart keeps
 * the plan and a run missed while the server was down happens right after start. One process owns a
 * PGlite directory, so one runner at a time is all this has to handle; PostgreSQL replicas use pg-boss.
 */
export function databaseScheduler(options: DatabaseSchedulerOptions): Scheduler {
  const { db, clock, jobs } = options;
  const log = options.log ?? silentLogger;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  checkJobs(jobs);
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  // Runs are chained so a timer tick and a test's runDue never run the same job twice at once.
  let chain: Promise<unknown> = Promise.resolve();

  async function planMissing(now: Date): Promise<void> {
    if (jobs.length === 0) return;
    // A job seen for the first time is due at once; an existing plan is kept (on conflict do nothing).
    await db
      .insert(scheduledJobs)
      .values(jobs.map((job) => ({ name: job.name, nextRunAt: now })))
      .onConflictDoNothing();
  }

  async function runJob(job: Job, now: Date): Promise<JobRun> {
    const intervalMs = job.everyMinutes * 60_000;
    let run: JobRun;
    let next: Date;
    try {
      const result = await job.run(now);
      run = { name: job.name, ok: true, result, error: null };
      next = new Date(now.getTime() + intervalMs);
      log.info({ job: job.name, result }, 'scheduled job ran');
    } catch (error) {
      run = { name: job.name, ok: false, result: null, error: errorMessage(error) };
      next = new Date(now.getTime() + Math.min(intervalMs, RETRY_MS));
      log.error({ job: job.name, err: error }, 'scheduled job failed');
    }
    await db
      .update(scheduledJobs)
      .set({
        nextRunAt: next,
        lastRunAt: now,
        lastResult: run.ok ? run.result : { error: run.error },
      })
      .where(eq(scheduledJobs.name, job.name));
    return run;
  }

  async function runDueNow(now: Date): Promise<JobRun[]> {
    await planMissing(now);
    const names = jobs.map((job) => job.name);
    const plans = await db.select().from(scheduledJobs).where(inArray(scheduledJobs.name, names));
    const planOf = new Map(plans.map((plan) => [plan.name, plan.nextRunAt.getTime()]));
    const runs: JobRun[] = [];
    for (const job of jobs) {
      const next = planOf.get(job.name) ?? now.getTime();
      // A plan further away than one interval means the clock went back (or the interval shrank): run.
      const due = next <= now.getTime() || next > now.getTime() + job.everyMinutes * 60_000;
      if (due) runs.push(await runJob(job, now));
    }
    return runs;
  }

  function runDue(now: Date): Promise<JobRun[]> {
    const result = chain.then(() => runDueNow(now));
    chain = result.catch(() => undefined);
    return result;
  }

  async function tick(): Promise<void> {
    try {
      await runDue(clock.now());
    } catch (error) {
      // The database was unreachable for a moment: the next tick tries again.
      log.error({ err: error }, 'scheduler tick failed');
    }
    if (stopped) return;
    timer = setTimeout(() => void tick(), pollMs);
    // Never keeps the process alive: shutdown does not wait for the next tick.
    timer.unref();
  }

  return {
    kind: 'database',
    async start() {
      if (!stopped) return;
      stopped = false;
      await tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
    },
    runDue,
  };
}
