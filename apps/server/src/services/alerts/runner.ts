import type { Db } from '../../db/connection';
import { afterAnswer } from '../../lib/after-answer';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../mail';
import type { ServiceLog } from '../rate-limit/reserve-attempt';
import { ALERT_BATCH, runAlertPass, unseenRemain } from './pass';
import { sendDueAlertMails } from './send';

/** How often and how long the runner looks again for unseen rows another pass (or the fold) held. */
const RECHECK_MS = 250;
const RECHECKS = 20;

/**
 * Work that runs once at a time: a kick while it runs asks for one more run after it (however many
 * kicks came), never a second one beside it. So a burst of submits makes one pass running and one queued.
 */
export function coalesced(start: (work: () => Promise<void>) => void, work: () => Promise<boolean>) {
  let running = false;
  let again = false;
  const loop = async () => {
    try {
      do {
        again = false;
        // The work says whether it wants to go on (a full batch, rows still held elsewhere).
        if (await work()) again = true;
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    start(loop);
  };
}

export interface AlertRunner {
  /** After a response or supplement was stored (the answer sent): a pass soon, then its mails. */
  kick(origin?: string): void;
  /** Waits for the pass and the sending still running (the server's close). */
  settle(): Promise<void>;
}

export interface AlertRunnerDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: ServiceLog;
  /** PUBLIC_URL; unset, the origin of the request that kicked the pass (else `fallbackOrigin`). */
  publicUrl: string | undefined;
  fallbackOrigin: string;
  /** Called after a pass queued webhook events (the app's webhook sender's kick), so they leave at once. */
  afterEvents?: () => void;
}

/**
 * The alert pass and the alert mail sender of one server, run after survey.submit and
 * survey.submit.batch answers (decision 0247): in the background, each coalesced, the pass kicking the
 * sender when it queued mails. The minute job (services/jobs) runs both too, for what a restart or
 * another replica left.
 */
export function alertRunner(deps: AlertRunnerDeps): AlertRunner {
  const background = afterAnswer();
  let origin = deps.publicUrl ?? deps.fallbackOrigin;
  const sender = coalesced(
    (work) => background.run(deps.log, 'alert mail sender', work),
    async () => {
      await sendDueAlertMails({ db: deps.db, mailer: deps.mailer, origin, now: () => deps.clock.now() });
      return false;
    },
  );
  let rechecks = 0;
  const pass = coalesced(
    (work) => background.run(deps.log, 'alert pass', work),
    async () => {
      const result = await runAlertPass(deps.db, deps.clock.now());
      if (result.mails > 0) sender();
      if (result.events > 0) deps.afterEvents?.();
      if (result.responses === ALERT_BATCH || result.supplements === ALERT_BATCH) {
        rechecks = 0;
        return true;
      }
      // Rows another transaction held (the fold, another replica's pass) were skipped: look again
      // shortly, a bounded number of times (the other pass takes them, or the minute job does).
      if (rechecks < RECHECKS && (await unseenRemain(deps.db))) {
        rechecks += 1;
        await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
        return true;
      }
      rechecks = 0;
      return false;
    },
  );
  return {
    kick(from) {
      if (!deps.publicUrl && from) origin = from;
      pass();
    },
    settle: background.settle,
  };
}
