/**
 * Issue 30's vocabulary (operator-side.md "Calls the console and outside tools rely on"): what an
 * integration key may do, which events a webhook can ask for, the alert rules and a case's life.
 */

/** An integration key's scopes; each /integrations/* call needs one. */
export const INTEGRATION_SCOPES = ['transactions:write', 'menu:write', 'responses:read'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];

/** The events a webhook subscribes to (Standard Webhooks `type`). */
export const WEBHOOK_EVENTS = [
  'response.created',
  'response.supplemented',
  'case.opened',
  'case.resolved',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What an alert rule looks for: a complaint raised, an indicator at or below a score, an NPS detractor
 * (0–6), a comment containing one of the venue's words.
 */
export const ALERT_KINDS = ['complaint', 'indicator', 'detractor', 'words'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const CASE_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const DIGEST_FREQUENCIES = ['weekly', 'daily', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
