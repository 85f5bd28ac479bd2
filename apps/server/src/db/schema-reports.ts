import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, surveys } from './schema';
import { operators } from './schema-operators';
import { responses } from './schema-responses';

// What the console's reports read (issue 29, decision 0229). A response is folded once, after it is
// stored (services/reports/fold.ts): its facts for the inbox's filters, and its share of each daily
// rollup, per branch, survey and the visit's local day. `branch_key` is the response's branch, 0 for a
// response with none (a survey without branches), so the keys need no NULL.

/** Per response: each indicator's score, for the inbox's score bands. */
export const responseScores = pgTable(
  'response_scores',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    indicatorId: integer('indicator_id').notNull(),
    score: numeric('score', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.indicatorId] }),
    index('response_scores_indicator_idx').on(t.indicatorId, t.score),
  ],
);

/** Per response: each dish rated (menu insight), its rating 1 bad, 2 neutral, 3 good, and its reasons. */
export const responseDishes = pgTable(
  'response_dishes',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    /** The dish's place in the answer: a receipt may carry one dish twice, each rated on its own. */
    position: smallint('position').notNull(),
    ref: text('ref').notNull(),
    rating: smallint('rating').notNull(),
    reasons: integer('reasons').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.position] }), index('response_dishes_ref_idx').on(t.ref)],
);

/** Per response: every text the guest wrote, one string, for the inbox's search (trigram index, 0012). */
export const responseTexts = pgTable('response_texts', {
  responseId: integer('response_id')
    .primaryKey()
    .references(() => responses.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
});

const rollupKey = {
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  branchKey: integer('branch_key').notNull(),
  surveyId: integer('survey_id')
    .notNull()
    .references(() => surveys.id),
  day: date('day', { mode: 'string' }).notNull(),
};

/** Per branch, survey and day: responses, CSAT (sum of the responses' scores), NPS groups, complaints. */
export const reportDays = pgTable(
  'report_days',
  {
    ...rollupKey,
    responses: integer('responses').notNull(),
    csatSum: integer('csat_sum').notNull(),
    csatCount: integer('csat_count').notNull(),
    promoters: integer('promoters').notNull(),
    passives: integer('passives').notNull(),
    detractors: integer('detractors').notNull(),
    complaints: integer('complaints').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchKey, t.surveyId, t.day] }),
    index('report_days_company_day_idx').on(t.companyId, t.day),
  ],
);

/** Per branch, survey, day and indicator: the sum and count of its scores. */
export const reportDayIndicators = pgTable(
  'report_day_indicators',
  {
    ...rollupKey,
    indicatorId: integer('indicator_id').notNull(),
    scoreSum: numeric('score_sum', { mode: 'number' }).notNull(),
    scoreCount: integer('score_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchKey, t.surveyId, t.day, t.indicatorId] }),
    index('report_day_indicators_company_day_idx').on(t.companyId, t.day),
  ],
);

/** Per branch, survey, day and dish: how many rated it bad, neutral, good. */
export const reportDayDishes = pgTable(
  'report_day_dishes',
  {
    ...rollupKey,
    ref: text('ref').notNull(),
    bad: integer('bad').notNull(),
    neutral: integer('neutral').notNull(),
    good: integer('good').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchKey, t.surveyId, t.day, t.ref] }),
    index('report_day_dishes_company_day_idx').on(t.companyId, t.day),
  ],
);

/**
 * Per branch, survey, day, dish, rating and reason: how often the reason was given. A reason id means
 * something only with its rating (the guest is offered the rating's own reasons, G4.46; the demo's 1 is
 * "Tasty" when good and "Cold" when bad), so the rating is part of the key (migration 0012).
 */
export const reportDayDishReasons = pgTable(
  'report_day_dish_reasons',
  {
    ...rollupKey,
    ref: text('ref').notNull(),
    rating: smallint('rating').notNull(),
    reasonId: integer('reason_id').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchKey, t.surveyId, t.day, t.ref, t.rating, t.reasonId] }),
    index('report_day_dish_reasons_company_day_idx').on(t.companyId, t.day),
  ],
);

/** Per branch, survey, day and team member named: times chosen, and the CSAT and NPS of those responses. */
export const reportDayStaff = pgTable(
  'report_day_staff',
  {
    ...rollupKey,
    staffId: integer('staff_id').notNull(),
    chosen: integer('chosen').notNull(),
    csatSum: integer('csat_sum').notNull(),
    csatCount: integer('csat_count').notNull(),
    npsSum: integer('nps_sum').notNull(),
    npsCount: integer('nps_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.branchKey, t.surveyId, t.day, t.staffId] }),
    index('report_day_staff_company_day_idx').on(t.companyId, t.day),
  ],
);

/**
 * An export run as a job (issue 29 item 6, decision 0239): the inbox's filter as the operator asked it,
 * its progress, and where the finished file is in storage (`exports/<id>/<random>.<format>`) until it
 * expires. Its company and operator: only the operator who asked downloads it.
 */
export const responseExports = pgTable(
  'response_exports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    /** The inbox query (its parameters as given), checked again when the job runs. */
    query: jsonb('query').notNull(),
    /** queued | running | done | failed */
    state: text('state').notNull(),
    rowsTotal: integer('rows_total').notNull(),
    rowsDone: integer('rows_done').notNull().default(0),
    storageKey: text('storage_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** A failed export: a sentence for the operator, never the fault's own text (decision 0264). */
    error: text('error'),
    /** A failed export: its code in the API's error list (decision 0264); null before 0264. */
    errorCode: integer('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Written as the job runs: a running export whose beat stops (a restart) is run again. */
    beatAt: timestamp('beat_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('response_exports_operator_idx').on(t.operatorId, t.createdAt),
    index('response_exports_state_idx').on(t.state),
  ],
);
