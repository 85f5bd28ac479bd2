import type { Database, Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { purgeAudit } from '../audit/retention';
import { sendDueDigests } from '../digests';
import { sweepExports } from '../exports';
import type { Mailer } from '../mail';
import { deleteDeadLinks } from '../operators/links';
import { deleteExpiredSessions } from '../operators/sessions';
import type { RateLimiter } from '../rate-limit/limiter';
import { foldResponses } from '../reports/fold';
import { purgeContactDetails } from '../retention/contact-details';
import { sweepOrphanPhotos } from '../retention/orphan-photos';
import type { Storage } from '../storage';
import { databaseScheduler } from './database-scheduler';
import { pgBossScheduler } from './pg-boss-scheduler';
import type { Job, JobLogger, Scheduler } from './scheduler';

export type { Job, JobLogger, JobRun, Scheduler } from './scheduler';

/**
 * The 7-day purge runs hourly: contact details given at T are gone by T + 7 days + 1 hour at the latest
 * (issue 9's "after 7 days + one job interval absent").
 */
export const PURGE_EVERY_MINUTES = 60;
export const RATE_LIMIT_CLEANUP_EVERY_MINUTES = 60;
/**
 * Photo files no row names are gone by their write + 1 hour grace + 1 hour at the latest (decision
 * 0145). Each run lists every photo file: with S3 one request per 1,000 files.
 */
export const ORPHAN_PHOTOS_EVERY_MINUTES = 60;
/** The audit log keeps a year (O2.5); a day more or less at its end matters to nobody. */
export const AUDIT_RETENTION_EVERY_MINUTES = 24 * 60;
/** Console sessions and links past use are deleted daily (a dead one is refused when used anyway). */
export const CONSOLE_CLEANUP_EVERY_MINUTES = 24 * 60;
/**
 * New responses are folded into the report tables every minute (decision 0229); a report folds what is
 * still waiting before it reads, so the minute bounds the work a read may find, not a report's freshness.
 */
export const REPORTS_FOLD_EVERY_MINUTES = 1;
/** Exports a dead server left are run again, and expired ones deleted, every minute (decision 0239). */
export const EXPORTS_SWEEP_EVERY_MINUTES = 1;
/**
 * Digests are looked at every hour, on the hour (UTC): one due from 06:00 local goes out at the first
 * run at or after it (decision 0251; a zone of a half-hour offset gets it at half past).
 */
export const DIGESTS_EVERY_MINUTES = 60;

/**
 * The server's recurring jobs: the contact purge, the rate-limit cleanup, the audit log's year, the
 * report fold, the console's dead sessions and links, the digests (given a mailer), and the photo sweep.
 */
export function serverJobs(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** The digests' mailer and their console links' origin; without them no digest job (tests that send none). */
  digests?: { mailer: Mailer; origin: string; log: { error(object: object, message: string): void } };
}): Job[] {
  const { storage, digests } = deps;
  return [
    {
      name: 'retention-contact-details',
      everyMinutes: PURGE_EVERY_MINUTES,
      run: (now) => purgeContactDetails(deps.db, now),
    },
    {
      name: 'rate-limit-cleanup',
      everyMinutes: RATE_LIMIT_CLEANUP_EVERY_MINUTES,
      run: async (now) => ({ deleted: await deps.rateLimiter.cleanup(now) }),
    },
    {
      name: 'audit-retention',
      everyMinutes: AUDIT_RETENTION_EVERY_MINUTES,
      run: (now) => purgeAudit(deps.db, now),
    },
    {
      name: 'reports-fold',
      everyMinutes: REPORTS_FOLD_EVERY_MINUTES,
      run: async () => ({ folded: await foldResponses(deps.db) }),
    },
    {
      name: 'console-cleanup',
      everyMinutes: CONSOLE_CLEANUP_EVERY_MINUTES,
      run: async (now) => ({
        sessions: await deleteExpiredSessions(deps.db, now),
        links: await deleteDeadLinks(deps.db, now),
      }),
    },
    ...(digests
      ? [
          {
            name: 'digests',
            everyMinutes: DIGESTS_EVERY_MINUTES,
            run: async (now: Date) => ({ ...(await sendDueDigests({ db: deps.db, ...digests }, now)) }),
          },
        ]
      : []),
    // Its result (counts, no keys) is the scheduler's "scheduled job ran" log line.
    ...(storage
      ? [
          {
            name: 'response-exports',
            everyMinutes: EXPORTS_SWEEP_EVERY_MINUTES,
            run: async (now: Date) => ({
              ...(await sweepExports({
                db: deps.db,
                storage,
                now: () => now,
                background: (work) => void work(),
              })),
            }),
          },
          {
            name: 'orphan-photos',
            everyMinutes: ORPHAN_PHOTOS_EVERY_MINUTES,
            run: async (now: Date) => ({ ...(await sweepOrphanPhotos({ db: deps.db, storage }, now)) }),
          },
        ]
      : []),
  ];
}

export interface SchedulerConfig {
  database: Pick<Database, 'db' | 'driver'>;
  /** PostgreSQL's URL: pg-boss opens its own small pool on it. */
  databaseUrl: string | undefined;
  clock: Clock;
  jobs: readonly Job[];
  log?: JobLogger;
}

/** pg-boss on PostgreSQL (replicas share one plan); the in-process scheduler on PGlite. */
export function createScheduler(config: SchedulerConfig): Scheduler {
  const { database, databaseUrl, clock, jobs, log } = config;
  if (database.driver === 'postgres') {
    if (!databaseUrl) throw new Error('createScheduler: PostgreSQL needs its URL for pg-boss');
    return pgBossScheduler({ connectionString: databaseUrl, clock, jobs, ...(log ? { log } : {}) });
  }
  return databaseScheduler({ db: database.db, clock, jobs, ...(log ? { log } : {}) });
}
