// O11: integration keys and the responses pull for BI tools (issue 30 items 5 and 7). What a key's name
// and scopes may be, what a pull may ask, and the answers' shapes: one schema for the server's routes and
// the console's forms. Decisions 0241 (keys, their guard and limit) and 0242 (the pull's position).
import { z } from 'zod';
import { INTEGRATION_SCOPES, type IntegrationScope } from './constants';

/** O11.1 A key's name: 1–100 characters once trimmed, no control characters. */
export const INTEGRATION_KEY_NAME_MAX = 100;

/** O11.4 Responses a pull's page holds unless `limit` says otherwise, and the most it may say. */
export const PULL_PAGE_DEFAULT = 100;
export const PULL_PAGE_MAX = 1000;

/** O11.6 The requests one key may make in a minute unless configured (INTEGRATION_KEY_LIMIT_PER_MINUTE). */
export const INTEGRATION_KEY_LIMIT_DEFAULT = 60_000;

const CONTROL = /\p{Cc}/u;

/** `POST /console/integration-keys`: the shape only; O11.1–O11.2 word each field's fault (10025). */
export const integrationKeyCreateBodySchema = z.object({
  name: z.string().max(INTEGRATION_KEY_NAME_MAX * 4),
  scopes: z.array(z.string().max(64)).max(INTEGRATION_SCOPES.length * 4),
});
export type IntegrationKeyCreateBody = z.infer<typeof integrationKeyCreateBodySchema>;

/** The console's catalogue keys of a refused key form (`detail.fields`, 10025). */
export type IntegrationKeyFault =
  | 'integration.nameRequired'
  | 'integration.nameTooLong'
  | 'integration.nameInvalid'
  | 'integration.scopesRequired'
  | 'integration.scopeUnknown';

/**
 * O11.1 and O11.2: a key needs a name (trimmed 1–100 characters, no control characters) and at least one
 * scope, each one of INTEGRATION_SCOPES; a scope named twice is one. Answers the checked key or the faults
 * by field.
 */
export function checkIntegrationKey(
  body: IntegrationKeyCreateBody,
):
  | { key: { name: string; scopes: IntegrationScope[] } }
  | { faults: Partial<Record<'name' | 'scopes', IntegrationKeyFault>> } {
  const faults: Partial<Record<'name' | 'scopes', IntegrationKeyFault>> = {};
  const name = body.name.trim();
  if (name === '') faults.name = 'integration.nameRequired';
  else if (Array.from(name).length > INTEGRATION_KEY_NAME_MAX) faults.name = 'integration.nameTooLong';
  else if (CONTROL.test(name)) faults.name = 'integration.nameInvalid';
  const known = new Set<string>(INTEGRATION_SCOPES);
  if (body.scopes.length === 0) faults.scopes = 'integration.scopesRequired';
  else if (body.scopes.some((scope) => !known.has(scope))) faults.scopes = 'integration.scopeUnknown';
  if (faults.name || faults.scopes) return { faults };
  // In the vocabulary's order: a list reads the same however the form ticked them.
  const scopes = INTEGRATION_SCOPES.filter((scope) => body.scopes.includes(scope));
  return { key: { name, scopes } };
}

/** One key of `GET /console/integration-keys`: never the key or its hash. */
export const integrationKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('The key’s first characters (`vvk_` and 8 more), to tell keys apart'),
  scopes: z.array(z.enum(INTEGRATION_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable().describe('Written at most once a minute per key'),
  revokedAt: z.string().nullable(),
  createdBy: z.string().nullable().describe('The operator who made it; null once they are removed'),
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;

/** `POST /console/integration-keys`' answer: the key itself, this once. */
export const integrationKeyCreatedSchema = z.object({
  id: z.number().int(),
  key: z.string().describe('Shown this once: only its SHA-256 is stored'),
});

/** `GET /integrations/responses`' query: bounded text, checked by O11.3–O11.5 (`checkPullQuery`). */
export const pullQuerySchema = z.object({
  updatedSince: z
    .string()
    .max(40)
    .optional()
    .describe('ISO 8601 date-time with an offset: responses new or changed at or after it'),
  cursor: z.string().max(200).optional().describe("The page before's nextCursor"),
  limit: z.string().max(4).optional().describe(`1–${PULL_PAGE_MAX}, default ${PULL_PAGE_DEFAULT}`),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

/** A refused pull value (10009). */
export interface PullFault {
  field: keyof PullQuery;
  message: string;
}

// A date-time with a zone: without one, "since 10:00" means a different instant on every server.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * O11.3 `updatedSince` is an ISO 8601 date-time with a zone (Z or ±hh:mm) that names a real instant.
 * O11.4 `limit` is a whole number 1–1000 (default 100). O11.5 a `cursor` is decoded by the server (it
 * holds a database position); here only its presence. Answers the checked values or the faults.
 */
export function checkPullQuery(
  query: PullQuery,
): { since: Date | null; limit: number; cursor: string | null } | { faults: PullFault[] } {
  const faults: PullFault[] = [];
  let since: Date | null = null;
  if (query.updatedSince !== undefined) {
    const raw = query.updatedSince;
    const at = DATE_TIME.test(raw) ? new Date(raw) : null;
    // Date accepts 2025-02-30 by rolling over: the date part must come back as written.
    const sameDay =
      at !== null &&
      !Number.isNaN(at.getTime()) &&
      new Date(`${raw.slice(0, 10)}T12:00:00Z`).toISOString().slice(0, 10) === raw.slice(0, 10);
    if (sameDay) since = at;
    else
      faults.push({
        field: 'updatedSince',
        message: 'Expected an ISO 8601 date-time with a zone, e.g. 2025-06-14T18:30:00Z',
      });
  }
  let limit = PULL_PAGE_DEFAULT;
  if (query.limit !== undefined) {
    const value = /^\d{1,4}$/.test(query.limit) ? Number(query.limit) : 0;
    if (value >= 1 && value <= PULL_PAGE_MAX) limit = value;
    else faults.push({ field: 'limit', message: `Expected a whole number 1–${PULL_PAGE_MAX}` });
  }
  if (faults.length > 0) return { faults };
  return { since, limit, cursor: query.cursor ?? null };
}

/** One response of the pull (docs/integrations.md lists each field). */
export const pulledResponseSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  updatedAt: z
    .string()
    .describe('Its position: when it was stored or last supplemented, whichever is later (decision 0242)'),
  branchId: z.number().int().nullable(),
  surveyId: z.number().int(),
  visitDatetime: z
    .string()
    .describe('The visit time as the guest or tablet gave it (the branch’s local time)'),
  receivedAt: z.string().describe('When the server stored it (ISO 8601)'),
  source: z.enum(['web', 'tablet']),
  language: z.string().nullable(),
  tableId: z.string().nullable(),
  csat: z.number().nullable(),
  nps: z.number().nullable(),
  indicators: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), score: z.number() })),
  answers: z.array(z.unknown()).describe('The answers as stored (the create payload’s answers.questions)'),
  dishes: z.array(
    z.object({
      questionId: z.number().int(),
      ref: z.string(),
      name: z.string().nullable(),
      rating: z.number().int(),
      reasons: z.array(z.string()),
      comment: z.string().nullable(),
    }),
  ),
  staff: z
    .object({
      id: z.number().int().nullable(),
      name: z.string().nullable(),
      tags: z.array(z.string()),
      text: z.string().nullable(),
    })
    .nullable(),
  complaint: z.boolean(),
  marketingPermitted: z.boolean().nullable().describe('The guest’s answer to the marketing question, if any'),
  voucher: z
    .object({ code: z.string(), state: z.enum(['issued', 'withdrawn']), issuedAt: z.string().nullable() })
    .nullable(),
  contact: z
    .object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      birthday: z.string().nullable(),
      anniversary: z.string().nullable(),
      givenAt: z.string(),
      deleteBy: z.string().describe('When the purge deletes them: a copy must go by then too'),
    })
    .nullable()
    .describe('Only while kept; null after the purge'),
  contactDeleted: z.boolean().describe('The guest gave contact details and the purge deleted them'),
});
export type PulledResponse = z.infer<typeof pulledResponseSchema>;

/** `GET /integrations/responses`' answer. */
export const pullPageSchema = z.object({
  items: z.array(pulledResponseSchema),
  nextCursor: z
    .string()
    .nullable()
    .describe(
      'Where the next pull starts: store it; null only when nothing was returned and no cursor given',
    ),
  hasMore: z.boolean().describe('More responses are ready now: ask again at once with nextCursor'),
});
export type PullPage = z.infer<typeof pullPageSchema>;
