import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { branches, companies } from './schema';
import { operators } from './schema-operators';
import { responses } from './schema-responses';

// Issue 30: acting on feedback (alerts, cases, digests) and the integrations (keys, webhooks). Decision 0240.

/**
 * A key a till or a BI tool calls /integrations/* with. Only its SHA-256 is kept (it is 32 random bytes,
 * so a slow password hash buys nothing); `prefix` is what the console shows to tell keys apart.
 */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** The key's first characters (`vvk_` and 8 more), shown in the console's list. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** Any of INTEGRATION_SCOPES: transactions:write, menu:write, responses:read. */
    scopes: text('scopes').array().notNull(),
    createdBy: integer('created_by').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integration_keys_hash_key').on(t.keyHash),
    index('integration_keys_company_idx').on(t.companyId),
  ],
);

/**
 * When a response calls for someone: `kind` complaint | indicator (an indicator at or below `maxScore`)
 * | detractor (NPS 0–6) | words (a comment containing one of `words`, case-insensitive). A rule of the
 * company (branch null) or of one branch; it mails `recipientIds` (operators who may see the branch).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    indicatorId: integer('indicator_id'),
    maxScore: smallint('max_score'),
    words: text('words').array().notNull().default(sql`'{}'::text[]`),
    recipientIds: integer('recipient_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Whether a match opens a case (and so fires case.opened); alerts without one only mail. */
    opensCase: boolean('opens_case').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_rules_company_idx').on(t.companyId)],
);

/**
 * One alert e-mail: a rule matched a response, for one recipient. Unique per (rule, response, operator),
 * so a retried or supplemented response never mails twice; pending ones are sent (and retried) by a job.
 */
export const alertMails = pgTable(
  'alert_mails',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** pending | sent | failed (given up after its attempts) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_mails_once_key').on(t.ruleId, t.responseId, t.operatorId),
    index('alert_mails_pending_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);

/** A case: what an alert opened on a response (one per response), tracked to closure. */
export const cases = pgTable(
  'cases',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchId: integer('branch_id').references(() => branches.id),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    /** The rule that opened it (null once that rule is deleted). */
    ruleId: integer('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    /** open | in_progress | resolved */
    status: text('status').notNull().default('open'),
    ownerId: integer('owner_id').references(() => operators.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cases_response_key').on(t.responseId),
    index('cases_company_status_idx').on(t.companyId, t.status, t.openedAt),
  ],
);

/**
 * What happened on a case, oldest first: kind note | reply (an e-mail to the guest: `body` as sent,
 * `sentTo` the address then) | status (`body` the new status) | owner | due.
 */
export const caseEvents = pgTable(
  'case_events',
  {
    id: id(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    body: text('body').notNull().default(''),
    sentTo: text('sent_to'),
    createdAt: createdAt(),
  },
  (t) => [index('case_events_case_idx').on(t.caseId, t.id)],
);

/** A receiver of events (Standard Webhooks). `secret` (whsec_…) signs each delivery, so it is kept. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    /** Any of WEBHOOK_EVENTS: response.created, response.supplemented, case.opened, case.resolved. */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_company_idx').on(t.companyId)],
);

/**
 * One event for one webhook: its message id (`webhook-id`, the same on every attempt so the receiver
 * dedupes), the body as first built, and where its retries stand (pending until delivered or 24 h).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    /** pending | delivered | failed (24 hours of attempts without a 2xx) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held by the sender in flight: a sender that died leaves it, and it is taken again after this. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once_key').on(t.webhookId, t.messageId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
  ],
);

/** Each attempt of a delivery, for the operator's delivery log: when, the answer's status, how long. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The receiver's HTTP status; null when there was no answer (refused, timed out). */
    statusCode: smallint('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/**
 * An operator's digest: weekly (on `weekday`, 1 Monday … 7 Sunday) or daily at `hour` in the branch's
 * time zone, or off. No row: weekly, Monday 06:00 (issue 30's default).
 */
export const digestSettings = pgTable('digest_settings', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  frequency: text('frequency').notNull().default('weekly'),
  weekday: smallint('weekday').notNull().default(1),
  hour: smallint('hour').notNull().default(6),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A digest sent: one per operator and period (`2026-W48` or `2026-11-27`), so a rerun never sends twice. */
export const digestSends = pgTable(
  'digest_sends',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.period] })],
);
