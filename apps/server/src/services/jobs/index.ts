import type { Database, Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { runAlertPass, sendDueAlertMails } from '../alerts';
import { ALERT_BATCH } from '../alerts/pass';
import { purgeAudit } from '../audit/retention';
import { sendDueDigests } from '../digests';
import { type ExportProcesses, sweepExports } from '../exports';
import type { Mailer } from '../mail';
import { deleteDeadLinks } from '../operators/links';
import { deleteExpiredSessions } from '../operators/sessions';
import type { RateLimiter } from '../rate-limit/limiter';
import type { ServiceLog } from '../rate-limit/reserve-attempt';
import { foldResponses } from '../reports/fold';
import { purgeContactDetails } from '../retention/contact-details';
import { sweepOrphanPhotos } from '../retention/orphan-photos';
import type { Storage } from '../storage';
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions, sendDueDeliveries } from '../webhooks';
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
 * The alert pass and the alert mails due, every minute (decision 0247): what a restart interrupted,
 * another replica's leftovers and retries. New responses are passed right after their answer anyway.
 */
export const ALERTS_EVERY_MINUTES = 1;

/** The minute's alert work: passes until a pass takes less than a batch, then the mails due. */
async function alertsJob(deps: { db: Db; mailer: Mailer; linkOrigin: string }, now: Date) {
  let responses = 0;
  let mails = 0;
  for (;;) {
    const pass = await runAlertPass(deps.db, now);
    responses += pass.responses;
    mails += pass.mails;
    if (pass.responses < ALERT_BATCH && pass.supplements < ALERT_BATCH) break;
  }
  const sent = await sendDueAlertMails({
    db: deps.db,
    mailer: deps.mailer,
    origin: deps.linkOrigin,
    now: () => now,
  });
  return { responses, queued: mails, ...sent };
}
/**
 * Digests are looked at every hour, on the hour (UTC): one due from 06:00 local goes out at the first
 * run at or after it (decision 0251; a zone of a half-hour offset gets it at half past).
 */
export const DIGESTS_EVERY_MINUTES = 60;
/**
 * Webhook deliveries due (a retry, or one whose sender died or was restarted) are sent every minute
 * (decision 0245); the app's in-process sender sends new ones at once and most retries on time.
 */
export const WEBHOOK_DELIVERIES_EVERY_MINUTES = 1;

/**
 * The server's recurring jobs: the contact purge, the rate-limit cleanup, the audit log's year, the
 * report fold, the console's dead sessions and links, the digests (given a mailer), and the photo sweep.
 */
export function serverJobs(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** The alert mails' mailer and their links' origin (PUBLIC_URL, else the server's own address). */
  alerts?: { mailer: Mailer; linkOrigin: string };
  /** The digests' mailer and their console links' origin; without them no digest job (tests that send none). */
  digests?: { mailer: Mailer; origin: string; log: { error(object: object, message: string): void } };
  /** config.webhooks (absent: no private targets, 15 s, the real schedule). */
  webhooks?: DeliveryOptions;
  /** The export processes big exports run again in (PostgreSQL, decision 0262); absent: this thread. */
  exportProcesses?: ExportProcesses;
  /**
   * Where a job's faults that its result does not carry are logged: a failed export's fault, whose job
   * keeps only a sentence (decision 0264). serve.ts: the app's log; absent, they are not logged.
   */
  log?: ServiceLog;
}): Job[] {
  const { storage, alerts, digests } = deps;
  return [
    {
      name: 'webhook-deliveries',
      everyMinutes: WEBHOOK_DELIVERIES_EVERY_MINUTES,
      // Sends with the run's `now`, so the schedule and the leases read the scheduler's clock.
      run: async (now) => ({
        ...(await sendDueDeliveries(deps.db, () => now, deps.webhooks ?? DEFAULT_DELIVERY_OPTIONS)),
      }),
    },
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
    ...(alerts
      ? [
          {
            name: 'alerts',
            everyMinutes: ALERTS_EVERY_MINUTES,
            run: (now: Date) => alertsJob({ db: deps.db, ...alerts }, now),
          },
        ]
      : []),
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
                processes: deps.exportProcesses,
                log: deps.log ?? { error: () => {} },
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
