import { WEBHOOK_LOG_PAGE, type WebhookDeliveryView } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { ownWebhook } from './manage';

interface DeliveryRow {
  id: number | string;
  messageId: string;
  eventType: string;
  state: WebhookDeliveryView['state'];
  createdAt: Date | string;
  deliveredAt: Date | string | null;
  nextAttemptAt: Date | string;
}

interface AttemptRow {
  deliveryId: number | string;
  at: Date | string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

/**
 * GET /console/webhooks/{id}/deliveries: the delivery log, newest first, `limit` a page, keyset by id
 * (`before`: the last id of the page before); each delivery with every attempt, oldest first.
 */
export async function deliveryLog(
  db: Db,
  companyId: number,
  webhookId: number,
  page: { before?: number | undefined; limit?: number | undefined },
): Promise<{ items: WebhookDeliveryView[]; nextCursor: string | null }> {
  await ownWebhook(db, companyId, webhookId);
  const limit = Math.min(page.limit ?? WEBHOOK_LOG_PAGE.default, WEBHOOK_LOG_PAGE.max);
  const rows = await queryRows<DeliveryRow>(
    db,
    sql`select id, message_id as "messageId", event_type as "eventType", state, created_at as "createdAt",
        delivered_at as "deliveredAt", next_attempt_at as "nextAttemptAt"
      from webhook_deliveries
      where webhook_id = ${webhookId} ${page.before ? sql`and id < ${page.before}` : sql``}
      order by id desc limit ${limit + 1}`,
  );
  const shown = rows.slice(0, limit);
  const ids = shown.map((row) => Number(row.id));
  const attempts =
    ids.length === 0
      ? []
      : await queryRows<AttemptRow>(
          db,
          sql`select delivery_id as "deliveryId", attempted_at as "at", status_code as "statusCode",
              duration_ms as "durationMs", error
            from webhook_attempts
            where delivery_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by delivery_id, id`,
        );
  const byDelivery = new Map<number, WebhookDeliveryView['attempts']>();
  for (const attempt of attempts) {
    const list = byDelivery.get(Number(attempt.deliveryId)) ?? [];
    list.push({
      at: isoOf(attempt.at),
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
    });
    byDelivery.set(Number(attempt.deliveryId), list);
  }
  const items = shown.map((row) => ({
    id: Number(row.id),
    messageId: row.messageId,
    eventType: row.eventType,
    state: row.state,
    createdAt: isoOf(row.createdAt),
    deliveredAt: row.deliveredAt ? isoOf(row.deliveredAt) : null,
    nextAttemptAt: row.state === 'pending' ? isoOf(row.nextAttemptAt) : null,
    attempts: byDelivery.get(Number(row.id)) ?? [],
  }));
  const last = shown.at(-1);
  return { items, nextCursor: rows.length > limit && last ? String(last.id) : null };
}
