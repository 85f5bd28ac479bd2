import { randomBytes } from 'node:crypto';
import {
  AppError,
  ErrorCodes,
  WEBHOOK_TEST_EVENT,
  type WebhookCreate,
  type WebhookUpdate,
  type WebhookView,
} from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { webhookDeliveries, webhooks } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/record';
import { newWebhookSecret } from './sign';
import { checkTargetHost, checkWebhookUrl, type TargetPolicy } from './target';

/** An owner's change of the company's webhooks (routes build it with ownerChange). */
export interface WebhookChange {
  db: Db;
  companyId: number;
  actor: AuditActor;
  now: Date;
}

const noWebhook = (id: number) =>
  new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No webhook ${id}` });

/** The company's webhook by id; another company's is 404 10014, as one that does not exist. */
export async function ownWebhook(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.companyId, companyId)));
  if (!row) throw noWebhook(id);
  return row;
}

/**
 * POST /console/webhooks: checks the URL (O10.2) and its host's addresses now (O10.4; again at every
 * delivery), stores it with a new secret, audits it (without the secret) and answers the secret once.
 */
export async function createWebhook(
  change: WebhookChange,
  body: WebhookCreate,
  policy: TargetPolicy,
): Promise<{ id: number; secret: string }> {
  const url = checkWebhookUrl(body.url, policy);
  await checkTargetHost(url, policy);
  const secret = newWebhookSecret();
  return change.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        companyId: change.companyId,
        url: url.href,
        events: body.events,
        secret,
        createdBy: change.actor.id,
        createdAt: change.now,
      })
      .returning({ id: webhooks.id });
    if (!row) throw new Error('the webhook was not stored');
    await recordAudit(tx, {
      companyId: change.companyId,
      actor: change.actor,
      action: 'webhook.create',
      subjectType: 'webhook',
      subjectId: row.id,
      detail: { url: url.href, events: body.events },
      at: change.now,
    });
    return { id: row.id, secret };
  });
}

/** GET /console/webhooks: the company's webhooks, oldest first, with their pending and failed counts. */
export async function listWebhooks(db: Db, companyId: number): Promise<WebhookView[]> {
  const rows = await queryRows<{
    id: number;
    url: string;
    events: string[];
    active: boolean;
    createdAt: Date | string;
    pending: number;
    failed: number;
  }>(
    db,
    sql`select w.id, w.url, w.events, w.active, w.created_at as "createdAt",
        (select count(*)::int from webhook_deliveries d where d.webhook_id = w.id and d.state = 'pending') as pending,
        (select count(*)::int from webhook_deliveries d where d.webhook_id = w.id and d.state = 'failed') as failed
      from webhooks w where w.company_id = ${companyId} order by w.id`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/** PATCH /console/webhooks/{id}: events and whether it is active; a disabled one holds its deliveries. */
export async function updateWebhook(change: WebhookChange, id: number, body: WebhookUpdate): Promise<void> {
  await ownWebhook(change.db, change.companyId, id);
  await change.db.transaction(async (tx) => {
    await tx
      .update(webhooks)
      .set({
        ...(body.events ? { events: body.events } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      })
      .where(eq(webhooks.id, id));
    await recordAudit(tx, {
      companyId: change.companyId,
      actor: change.actor,
      action: 'webhook.update',
      subjectType: 'webhook',
      subjectId: id,
      detail: { ...body },
      at: change.now,
    });
  });
}

/** DELETE /console/webhooks/{id}: the webhook with its deliveries and their log. */
export async function deleteWebhook(change: WebhookChange, id: number): Promise<void> {
  const row = await ownWebhook(change.db, change.companyId, id);
  await change.db.transaction(async (tx) => {
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await recordAudit(tx, {
      companyId: change.companyId,
      actor: change.actor,
      action: 'webhook.delete',
      subjectType: 'webhook',
      subjectId: id,
      detail: { url: row.url },
      at: change.now,
    });
  });
}

/**
 * POST /console/webhooks/{id}/test: queues a `webhook.test` event to this webhook alone (whatever it
 * subscribes to), sent like any other. A disabled webhook sends nothing, so its test is refused (10009).
 */
export async function queueTestEvent(
  change: WebhookChange,
  id: number,
): Promise<{ deliveryId: number; messageId: string }> {
  const row = await ownWebhook(change.db, change.companyId, id);
  if (!row.active) {
    throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
      message: 'The webhook is disabled: enable it to send a test',
      detail: { reason: 'disabled' },
      ui: true,
    });
  }
  const messageId = `msg_test_${randomBytes(12).toString('hex')}`;
  const body = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: change.now.toISOString(),
    data: { webhookId: id, message: 'A test event from Venue Voice' },
  };
  const [delivery] = await change.db
    .insert(webhookDeliveries)
    .values({
      webhookId: id,
      messageId,
      eventType: WEBHOOK_TEST_EVENT,
      payload: body,
      nextAttemptAt: change.now,
      createdAt: change.now,
    })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('the test event was not queued');
  return { deliveryId: delivery.id, messageId };
}
