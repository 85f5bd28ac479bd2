import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { surveys } from './schema';
import { operators } from './schema-operators';

// The survey editor (issue 31, decision 0254): every published version of a survey, immutable, and the one
// draft an operator is working on. The surveys row holds the current version's projection for the guest side.

export const surveyVersions = pgTable(
  'survey_versions',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The domain SurveyDocument as published. */
    document: jsonb('document').notNull(),
    /** Who published it; null for the seed, an import from the command line or a removed operator. */
    publishedBy: integer('published_by').references(() => operators.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version this one was restored from, when it was. */
    restoredFrom: integer('restored_from'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.version] })],
);

export const surveyDrafts = pgTable(
  'survey_drafts',
  {
    surveyId: integer('survey_id')
      .primaryKey()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** The domain SurveyDocument being edited (schema-valid; may still have document faults). */
    document: jsonb('document').notNull(),
    /** The published version the draft started from (a restore names the restored one). */
    basedOn: integer('based_on'),
    updatedBy: integer('updated_by').references(() => operators.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_drafts_updated_idx').on(t.updatedAt)],
);
