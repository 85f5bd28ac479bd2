/** A recurring piece of work: `run` gets the scheduler's `now` (the injected clock), never reads time itself. */
export interface Job {
  /** Also the pg-boss queue name: letters, digits, hyphens. */
  name: string;
  /** How often it runs; a divisor of 60 minutes or a divisor of 24 hours (it becomes a cron expression). */
  everyMinutes: number;
  run(now: Date): Promise<Record<string, unknown>>;
}

export interface JobRun {
  name: string;
  ok: boolean;
  result: Record<string, unknown> | null;
  error: string | null;
}

/** PGlite: the in-process scheduler over `scheduled_jobs`. PostgreSQL: pg-boss. Same surface. */
export interface Scheduler {
  readonly kind: 'database' | 'pg-boss';
  /** Plans the jobs and runs, right away, the ones that fell due while the server was down. */
  start(): Promise<void>;
  /** Stops planning and waits for a run in progress; safe to call twice or before start. */
  stop(): Promise<void>;
  /**
   * Runs the jobs due at `now` with that `now` and answers what ran (tests move time with it). The
   * in-process scheduler runs those whose plan says so; pg-boss runs every job once through its queue.
   */
  runDue(now: Date): Promise<JobRun[]>;
}

/** The part of pino (Fastify's app.log) the schedulers use. */
export interface JobLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export const silentLogger: JobLogger = { info: () => {}, error: () => {} };

const JOB_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Checks a job list once, so a typo fails at start rather than at the first run. */
export function checkJobs(jobs: readonly Job[]): void {
  const seen = new Set<string>();
  for (const job of jobs) {
    if (!JOB_NAME.test(job.name)) throw new Error(`Job name ${JSON.stringify(job.name)} must be kebab-case`);
    if (seen.has(job.name)) throw new Error(`Job ${job.name} is defined twice`);
    seen.add(job.name);
    cronFor(job.everyMinutes);
  }
}

/** The cron expression of an interval: every N minutes (N divides 60) or every N hours (N divides 24). */
export function cronFor(everyMinutes: number): string {
  if (Number.isInteger(everyMinutes) && everyMinutes >= 1 && everyMinutes < 60 && 60 % everyMinutes === 0) {
    return everyMinutes === 1 ? '* * * * *' : `*/${everyMinutes} * * * *`;
  }
  const hours = everyMinutes / 60;
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0) {
    return hours === 1 ? '0 * * * *' : hours === 24 ? '0 0 * * *' : `0 */${hours} * * *`;
  }
  throw new Error(`Job interval ${everyMinutes} min is not a divisor of an hour or of a day`);
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
