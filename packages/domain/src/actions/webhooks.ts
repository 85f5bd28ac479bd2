import { z } from 'zod';
import { WEBHOOK_EVENTS } from './constants';

// O10: webhooks (issue 30 item 4; Standard Webhooks). What the console sends and reads, when a failed
// delivery is tried again, and which URLs may receive events. The address ranges a target may not
// resolve to are the server's (services/webhooks/target.ts, O10.4): they need DNS.

/**
 * O10.1 The pauses after each failed attempt, as the Standard Webhooks / Svix schedule: 5 s, 5 min,
 * 30 min, 2 h, 5 h, then every 10 h; no attempt later than 24 h after the first (WEBHOOK_RETRY_WINDOW_MS):
 * the last one is made at that mark, then the delivery is `failed`.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000,
] as const;
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3600_000;

/**
 * O10.1 When to try again after `attemptsMade` attempts (the last at `lastAt`, the first at `firstAt`),
 * or null to give up. `scale` shortens every pause and the window alike (a benchmark's compressed day).
 */
export function nextWebhookAttempt(
  firstAt: Date,
  lastAt: Date,
  attemptsMade: number,
  scale = 1,
): Date | null {
  const deadline = firstAt.getTime() + WEBHOOK_RETRY_WINDOW_MS * scale;
  if (lastAt.getTime() >= deadline) return null;
  const index = Math.min(Math.max(attemptsMade, 1), WEBHOOK_RETRY_DELAYS_MS.length) - 1;
  const pause = (WEBHOOK_RETRY_DELAYS_MS[index] ?? WEBHOOK_RETRY_WINDOW_MS) * scale;
  return new Date(Math.min(lastAt.getTime() + pause, deadline));
}

/** O10.2 The longest URL a webhook may have (a receiver's address, not a document). */
export const WEBHOOK_URL_MAX = 2000;

/**
 * O10.2 Why a webhook URL cannot be used, or null: an absolute https URL (http only where private
 * targets are allowed: a local receiver), no user or password in it, no fragment. Codes, not sentences:
 * the server answers them in 10009's detail and the console words them.
 */
export function webhookUrlProblem(
  raw: string,
  allowHttp: boolean,
): 'invalid' | 'https_required' | 'credentials' | 'too_long' | null {
  if (raw.length > WEBHOOK_URL_MAX) return 'too_long';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
    return /^https?:$/.test(url.protocol) ? 'https_required' : 'invalid';
  }
  if (!url.hostname || url.hash) return 'invalid';
  if (url.username || url.password) return 'credentials';
  return null;
}

/** O10.3 A webhook subscribes to one or more events, each once. */
export const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .refine((events) => new Set(events).size === events.length, 'each event once');

/** The type of the event the console's "send test" queues (to one webhook, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** POST /console/webhooks. */
export const webhookCreateSchema = z
  .object({ url: z.string().trim().min(1).max(WEBHOOK_URL_MAX), events: webhookEventsSchema })
  .strict();
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** PATCH /console/webhooks/{id}: the events and whether it receives anything; the URL stays. */
export const webhookUpdateSchema = z
  .object({ events: webhookEventsSchema.optional(), active: z.boolean().optional() })
  .strict()
  .refine((body) => body.events !== undefined || body.active !== undefined, 'events or active');
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** A webhook as the console lists it (never its secret, which is shown once at creation). */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  /** Deliveries waiting for their next attempt, and those given up on. */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type WebhookView = z.infer<typeof webhookSchema>;

/** One attempt of a delivery: when, the receiver's status (null: no answer), how long, what went wrong. */
export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** One event for one webhook in the delivery log, its attempts oldest first. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  messageId: z.string(),
  eventType: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The next attempt's time while pending. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

/** The delivery log's page size: default and most. */
export const WEBHOOK_LOG_PAGE = { default: 20, max: 100 } as const;
