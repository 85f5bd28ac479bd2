import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { branches, companies, surveys, transactions } from './schema';

// The response pipeline (issue 4): answers, what the guest adds later, photos, tracking, vouchers and
// the contact details the privacy notice promises to delete after 7 days. Answers and contact details
// live in different tables so the purge never touches feedback.

export const responses = pgTable(
  'responses',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchId: integer('branch_id').references(() => branches.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    /** The client's guid: the idempotency key. Unique, so a retried create can never make a second row. */
    /** The survey version the guest answered (issue 31); null for responses from before versions. */
    surveyVersion: integer('survey_version'),
    guid: uuid('guid').notNull(),
    /** SHA-256 of the canonical create payload: the same guid with another payload is refused. */
    payloadHash: text('payload_hash').notNull(),
    /** The create payload as received (answers, question map, urlParams…), contact details excluded. */
    payload: jsonb('payload').notNull(),
    visitDatetime: text('visit_datetime').notNull(),
    authType: text('auth_type').notNull(),
    /** The receipt's transaction backing this response; unique so one receipt backs one response (10031). */
    transactionId: integer('transaction_id').references(() => transactions.id),
    staffId: integer('staff_id'),
    tableId: text('table_id'),
    csatScore: smallint('csat_score'),
    npsScore: smallint('nps_score'),
    feedbackAlert: boolean('feedback_alert').notNull().default(false),
    triggerComplaint: boolean('trigger_complaint').notNull().default(false),
    managerFeedback: boolean('manager_feedback').notNull().default(false),
    recommendationPermitted: boolean('recommendation_permitted').notNull().default(false),
    isAiValid: boolean('is_ai_valid').notNull().default(false),
    /** The guest's language (X-Language) when they answered; null for responses stored before issue 29. */
    language: text('language'),
    /** Whether the report fold (services/reports/fold.ts) has counted it yet (decision 0229). */
    folded: boolean('folded').notNull().default(false),
    /**
     * Whether the alert pass (services/alerts) has seen it: rules matched, mails and case queued,
     * response.created handed to the webhooks (decision 0240). Stored false; responses from before
     * migration 0013 are true, so an upgrade alerts nobody about its history.
     */
    notified: boolean('notified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('responses_guid_key').on(t.guid),
    uniqueIndex('responses_transaction_key').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    index('responses_survey_created_idx').on(t.surveyId, t.createdAt),
    index('responses_branch_created_idx').on(t.branchId, t.createdAt),
    // The inbox, newest visit first, for the whole company or one branch (decision 0229).
    index('responses_company_visit_idx').on(
      t.companyId,
      t.visitDatetime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('responses_branch_visit_idx').on(
      t.branchId,
      t.visitDatetime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('responses_unfolded_idx').on(t.id).where(sql`not ${t.folded}`),
    index('responses_unnotified_idx').on(t.id).where(sql`not ${t.notified}`),
  ],
);

/** What a guest adds after the create, one row per kind (marketing permission, …): upserts by kind. */
export const responseSupplements = pgTable(
  'response_supplements',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** As responses.notified, for response.supplemented: set false again by each upsert. */
    notified: boolean('notified').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.kind] }),
    index('response_supplements_unnotified_idx').on(t.responseId).where(sql`not ${t.notified}`),
  ],
);

/** Contact details given for vouchers or invitations: kept apart from answers, purged after 7 days. */
export const contactDetails = pgTable(
  'contact_details',
  {
    id: id(),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    birthday: text('birthday'),
    anniversary: text('anniversary'),
    /** When the guest gave them: the 7-day clock starts here. */
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('contact_details_response_key').on(t.responseId),
    index('contact_details_given_idx').on(t.givenAt),
  ],
);

/** The response's photo (one per response: an upsert replaces it). Keys name objects in storage. */
export const responseUploads = pgTable('response_uploads', {
  responseId: integer('response_id')
    .primaryKey()
    .references(() => responses.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  thumbnailKey: text('thumbnail_key').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

/** Sharing actions of D3 (shared_email, shared_twitter, …). */
export const responseTracks = pgTable(
  'response_tracks',
  {
    id: id(),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('response_tracks_response_idx').on(t.responseId)],
);

/** A pool of voucher codes per survey voucher; a code goes to at most one response, ever. */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: id(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    /** The voucher's id within the survey definition (schemas/survey.ts voucherSchema). */
    voucherId: integer('voucher_id').notNull(),
    code: text('code').notNull(),
    /** VoucherCodeState: 1 unused, 2 used, 4 deleted. */
    state: smallint('state').notNull().default(1),
    responseId: integer('response_id').references(() => responses.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('voucher_codes_code_key').on(t.code),
    uniqueIndex('voucher_codes_response_key').on(t.responseId).where(sql`${t.responseId} is not null`),
    // The unused codes of a pool in id order: taking one reads the first entry, however much of the
    // pool is used (a scan of the pool would walk past every used code first). The only index on the
    // pool: a second one on (survey, voucher, state) let the planner, without statistics (PGlite never
    // analyses), read and sort every unused code of the pool for each grouped create (decision 0157).
    index('voucher_codes_unused_idx').on(t.surveyId, t.voucherId, t.id).where(sql`${t.state} = 1`),
  ],
);

/** Server secrets generated once and shared by every replica (e.g. the key response secrets derive from). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The in-process scheduler's memory (PGlite): when each job runs next, so a restart keeps the plan. */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastResult: jsonb('last_result'),
});

/** Fixed-window counters for rate limits when no Redis is configured (shared by replicas via the database). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);
