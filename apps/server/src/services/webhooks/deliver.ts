import { nextWebhookAttempt } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { postSigned } from './post';
import { signedHeaders } from './sign';
import type { TargetPolicy } from './target';

/** How the deliveries are sent: who may be reached, how long an attempt may take, the retry schedule's scale. */
export interface DeliveryOptions extends TargetPolicy {
  /** One attempt's deadline, connect to last byte (15 s: a receiver should answer at once and work later). */
  timeoutMs: number;
  /** O10.1's scale: 1 in production; a benchmark compresses the 24 hours (WEBHOOK_TIME_SCALE). */
  timeScale: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  allowPrivate: false,
  timeoutMs: 15_000,
  timeScale: 1,
};

/** How many deliveries one claim takes, sent side by side. */
const BATCH = 20;

/**
 * How long a claim holds a delivery: longer than an attempt may take, so a live sender never loses
 * it; a sender that died leaves it to be taken again this long after.
 */
export const leaseMsOf = (options: DeliveryOptions) => options.timeoutMs + 45_000;

interface Claimed {
  id: number;
  messageId: string;
  payload: unknown;
  attempts: number;
  leasedUntil: Date | string;
  firstAttemptAt: Date | string | null;
  url: string;
  secret: string;
}

const iso = (date: Date) => date.toISOString();

/**
 * Claims up to BATCH due deliveries of active webhooks: pending, next attempt reached, not held by a
 * live lease. `for update skip locked` lets replicas (and a job beside the in-process sender) claim at
 * once without taking the same row; the lease marks it held until it is recorded.
 */
async function claim(db: Db, now: Date, leaseMs: number): Promise<Claimed[]> {
  const until = new Date(now.getTime() + leaseMs);
  return queryRows<Claimed>(
    db,
    sql`update webhook_deliveries d set leased_until = ${iso(until)}::timestamptz
      from webhooks w
      where w.id = d.webhook_id and d.id in (
        select d2.id from webhook_deliveries d2 join webhooks w2 on w2.id = d2.webhook_id
        where d2.state = 'pending' and d2.next_attempt_at <= ${iso(now)}::timestamptz
          and (d2.leased_until is null or d2.leased_until <= ${iso(now)}::timestamptz) and w2.active
        order by d2.next_attempt_at, d2.id
        limit ${BATCH}
        for update of d2 skip locked)
      returning d.id, d.message_id as "messageId", d.payload, d.attempts, d.leased_until as "leasedUntil",
        w.url, w.secret,
        (select min(a.attempted_at) from webhook_attempts a where a.delivery_id = d.id) as "firstAttemptAt"`,
  );
}

/**
 * Records one attempt and where the delivery stands, in one statement: delivered on a 2xx, else the
 * next attempt (O10.1) or failed. A sender whose lease ran out (another took the row) still logs its
 * attempt but changes the state only when it delivered; the row's state is never changed twice.
 */
async function record(
  db: Db,
  row: Claimed,
  at: Date,
  outcome: Awaited<ReturnType<typeof postSigned>>,
  options: DeliveryOptions,
): Promise<'delivered' | 'pending' | 'failed'> {
  const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const first = row.firstAttemptAt ? new Date(row.firstAttemptAt) : at;
  const next = delivered ? null : nextWebhookAttempt(first, at, row.attempts + 1, options.timeScale);
  const state = delivered ? 'delivered' : next ? 'pending' : 'failed';
  await db.execute(
    sql`with attempt as (
        insert into webhook_attempts (delivery_id, attempted_at, status_code, duration_ms, error)
        select ${row.id}, ${iso(at)}::timestamptz, ${outcome.statusCode}, ${outcome.durationMs}, ${outcome.error}
        where exists (select 1 from webhook_deliveries where id = ${row.id})
        returning delivery_id)
      update webhook_deliveries set attempts = attempts + 1, state = ${state}, leased_until = null,
        next_attempt_at = ${iso(next ?? at)}::timestamptz,
        delivered_at = ${delivered ? iso(at) : null}::timestamptz
      where id = ${row.id} and state = 'pending'
        and (leased_until = ${iso(new Date(row.leasedUntil))}::timestamptz or ${delivered})`,
  );
  return state;
}

/** One delivery's attempt: sign (the same webhook-id every time), POST, record. */
async function attempt(db: Db, row: Claimed, now: () => Date, options: DeliveryOptions) {
  const at = now();
  const body = JSON.stringify(row.payload);
  const headers = signedHeaders(row.secret, row.messageId, at, body);
  const outcome = await postSigned(row.url, { ...headers }, body, options);
  return record(db, row, at, outcome, options);
}

export interface SendResult {
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every delivery due now, a claimed batch at a time, until none is left (or `shouldStop`). The
 * minute job, the in-process sender and tests call it; a send cut short by a crash is taken again after
 * its lease.
 */
export async function sendDueDeliveries(
  db: Db,
  now: () => Date,
  options: DeliveryOptions,
  shouldStop: () => boolean = () => false,
): Promise<SendResult> {
  const result: SendResult = { delivered: 0, retrying: 0, failed: 0 };
  while (!shouldStop()) {
    const rows = await claim(db, now(), leaseMsOf(options));
    if (rows.length === 0) break;
    const states = await Promise.all(rows.map((row) => attempt(db, row, now, options)));
    for (const state of states) {
      if (state === 'delivered') result.delivered += 1;
      else if (state === 'pending') result.retrying += 1;
      else result.failed += 1;
    }
  }
  return result;
}

/** The next time a pending delivery of an active webhook falls due (or its lease ends), if any. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(greatest(d.next_attempt_at, coalesce(d.leased_until, d.next_attempt_at))) as at
      from webhook_deliveries d join webhooks w on w.id = d.webhook_id
      where d.state = 'pending' and w.active`,
  );
  return row?.at ? new Date(row.at) : null;
}
