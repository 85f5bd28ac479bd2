import type { WebhookEvent } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';

/** One event as every subscribed webhook of its company receives it (Standard Webhooks body). */
export interface OutgoingEvent {
  companyId: number;
  type: WebhookEvent;
  /**
   * The `webhook-id`: stable for the event (e.g. `msg_response.created_123`), so enqueueing the same
   * event twice (a retried pass) adds nothing and a receiver dedupes retries by it.
   */
  messageId: string;
  /** The event's `data` object. */
  data: Record<string, unknown>;
  /** The event's time (the body's `timestamp`). */
  at: Date;
}

/**
 * Queues the event for each active webhook of the company subscribed to its type, in the caller's
 * transaction (so an event exists exactly when what it reports was stored); the delivery job sends
 * them. Answers how many deliveries were added (0 when the event was already queued).
 */
export async function enqueueEvent(db: Db, event: OutgoingEvent): Promise<number> {
  const body = { type: event.type, timestamp: event.at.toISOString(), data: event.data };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into webhook_deliveries (webhook_id, message_id, event_type, payload, next_attempt_at)
      select w.id, ${event.messageId}, ${event.type}, ${JSON.stringify(body)}::jsonb, ${event.at}
      from webhooks w
      where w.company_id = ${event.companyId} and w.active and ${event.type} = any(w.events)
      on conflict (webhook_id, message_id) do nothing
      returning id`,
  );
  return rows.length;
}
