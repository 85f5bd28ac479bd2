import type PgBoss from 'pg-boss';
import type { Clock } from '../../lib/clock';
import {
  checkJobs,
  cronFor,
  errorMessage,
  type Job,
  type JobLogger,
  type JobRun,
  type Scheduler,
  silentLogger,
} from './scheduler';

export interface PgBossSchedulerOptions {
  connectionString: string;
  clock: Clock;
  jobs: readonly Job[];
  log?: JobLogger;
  /** pg-boss creates and migrates this schema itself on start (default `pgboss`). */
  schema?: string;
  /** How long runDue waits for pg-boss's worker to finish the jobs it sent. */
  runDueTimeoutMs?: number;
}

/** What a job carries: runDue sends the `now` to use; cron and start-up runs carry none (the clock's now). */
interface JobData {
  now?: string;
}

const FINISHED = new Set(['completed', 'failed', 'cancelled', 'retry']);

function nowOf(data: JobData | null | undefined, clock: Clock): Date {
  const given = typeof data?.now === 'string' ? new Date(data.now) : null;
  return given && !Number.isNaN(given.getTime()) ? given : clock.now();
}

/**
 * The scheduler on PostgreSQL: pg-boss keeps the cron schedules and the queued jobs in its own schema,
 * so replicas share one plan and every job runs once across them. A cron minute missed while every
 * replica was down is not replayed by pg-boss, so start() also queues one run of each job.
 */
export function pgBossScheduler(options: PgBossSchedulerOptions): Scheduler {
  const { clock, jobs } = options;
  const log = options.log ?? silentLogger;
  checkJobs(jobs);
  let boss: PgBoss | null = null;
  const workers = new Map<string, string>();

  async function waitFor(active: PgBoss, name: string, id: string): Promise<JobRun> {
    const deadline = Date.now() + (options.runDueTimeoutMs ?? 30_000);
    for (;;) {
      const job = await active.getJobById<JobData>(name, id, { includeArchive: true });
      if (job && FINISHED.has(job.state)) {
        const ok = job.state === 'completed';
        const output = (job.output ?? null) as Record<string, unknown> | null;
        const message = typeof output?.message === 'string' ? output.message : `pg-boss job ${job.state}`;
        return { name, ok, result: ok ? output : null, error: ok ? null : message };
      }
      if (Date.now() > deadline) throw new Error(`pg-boss job ${name} ${id} did not finish in time`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    kind: 'pg-boss',
    async start() {
      if (boss) return;
      // Loaded here, not at the top: pg-boss and its pg driver would slow every start, PGlite's too.
      const { default: PgBossClass } = await import('pg-boss');
      const created = new PgBossClass({
        connectionString: options.connectionString,
        schema: options.schema ?? 'pgboss',
        max: 3,
        application_name: 'venue-voice-jobs',
      });
      // Without a listener an 'error' event (a dropped connection) would crash the process.
      created.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
      await created.start();
      boss = created;
      for (const job of jobs) {
        await created.createQueue(job.name, {
          name: job.name,
          retryLimit: 2,
          retryDelay: 60,
          // A purge that hangs is expired and retried rather than blocking the queue forever.
          expireInSeconds: Math.min(job.everyMinutes * 60, 15 * 60),
        });
        await created.schedule(job.name, cronFor(job.everyMinutes), {}, { tz: 'UTC' });
        const workerId = await created.work<JobData>(job.name, async ([item]) => {
          const now = nowOf(item?.data, clock);
          const result = await job.run(now);
          log.info({ job: job.name, result }, 'scheduled job ran');
          return result;
        });
        workers.set(job.name, workerId);
        // The purge is idempotent and cheap: each replica's start may queue one run.
        await created.send(job.name, {});
        created.notifyWorker(workerId);
      }
    },
    async stop() {
      const active = boss;
      boss = null;
      workers.clear();
      // graceful + wait: a purge in progress finishes (or times out) before the pool closes.
      await active?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    async runDue(now) {
      const active = boss;
      if (!active) throw new Error('pg-boss scheduler is not started');
      const sent: Array<{ name: string; id: string }> = [];
      for (const job of jobs) {
        const id = await active.send(job.name, { now: now.toISOString() } satisfies JobData);
        if (!id) throw new Error(`pg-boss refused a run of ${job.name}`);
        sent.push({ name: job.name, id });
        const workerId = workers.get(job.name);
        if (workerId) active.notifyWorker(workerId);
      }
      const runs: JobRun[] = [];
      for (const { name, id } of sent) {
        try {
          runs.push(await waitFor(active, name, id));
        } catch (error) {
          runs.push({ name, ok: false, result: null, error: errorMessage(error) });
        }
      }
      return runs;
    },
  };
}
