import type { Db } from '../../db/connection';
import type { Clock } from '../../lib/clock';
import { type DeliveryOptions, nextDueAt, type SendResult, sendDueDeliveries } from './deliver';

/** The in-process sender's timer waits at most this long: the minute job covers anything past it. */
const MAX_WAIT_MS = 60_000;

export interface WebhookSender {
  /**
   * Sends what is due now, in the background: call it right after events were queued (the alerts pass
   * does). Calls while a pass runs make one more pass after it; never throws (failures are logged).
   */
  kick(): void;
  /** One pass now, awaited (the minute job's and tests' way): everything due is attempted once. */
  sendDue(): Promise<SendResult>;
  /** Stops the timer and waits for the sends in flight (the app's onClose). Later kicks do nothing. */
  stop(): Promise<void>;
}

export interface WebhookSenderDeps {
  db: Db;
  clock: Clock;
  options: DeliveryOptions;
  log: { error(object: object, message: string): void };
  /** When the next pending delivery falls due (default: read from the table; a test holds it open). */
  nextDue?: (db: Db) => Promise<Date | null>;
}

/**
 * The in-process sender: a pass over due deliveries when kicked, then a timer for the next retry that
 * falls due (at most a minute away). The minute job (`webhook-deliveries`) sends the same rows through
 * the same leases, so a restart, another replica or a missed timer loses nothing (decision 0245).
 */
export function createWebhookSender({
  db,
  clock,
  options,
  log,
  nextDue = nextDueAt,
}: WebhookSenderDeps): WebhookSender {
  let stopped = false;
  let running: Promise<SendResult> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const now = () => clock.now();

  async function planNext(): Promise<void> {
    const at = await nextDue(db);
    if (stopped || !at) return;
    const wait = Math.min(Math.max(at.getTime() - now().getTime(), 0), MAX_WAIT_MS);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      kick();
    }, wait);
    // A pending retry never keeps a process alive that is otherwise done (a script, a test).
    timer.unref();
  }

  function pass(): Promise<SendResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total: SendResult = { delivered: 0, retrying: 0, failed: 0 };
      // A kick while planning the next retry (a read) counts too: look again before ending the pass.
      do {
        do {
          again = false;
          const result = await sendDueDeliveries(db, now, options, () => stopped);
          total = {
            delivered: total.delivered + result.delivered,
            retrying: total.retrying + result.retrying,
            failed: total.failed + result.failed,
          };
        } while (again && !stopped);
        if (!stopped) await planNext();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
      // A kick between the pass's end and here found it still running: it gets its own pass.
      if (again && !stopped) kick();
    });
    return running;
  }

  function kick(): void {
    if (stopped) return;
    pass().catch((error) => log.error({ err: error }, 'webhook deliveries failed'));
  }

  return {
    kick,
    sendDue: () => pass(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
