import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { branches, companies } from './schema';

// The operator side (issue 28, decision 0203): the people who run venues in the console, their sessions,
// their one-time links and the audit log of what they changed.

export const operators = pgTable(
  'operators',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Lower-cased; unique in the installation, so signing in needs no company. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** owner | manager | viewer (the domain's OPERATOR_ROLES). */
    role: text('role').notNull(),
    /** argon2id PHC string; null until the invitation or the command line's link is used. */
    passwordHash: text('password_hash'),
    /** The console's language for this operator (and its e-mails). */
    language: text('language').notNull().default('en-gb'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operators_email_key').on(t.email), index('operators_company_idx').on(t.companyId)],
);

/** The branches named on a manager's or viewer's account (an owner has none: they see every branch). */
export const operatorBranches = pgTable(
  'operator_branches',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.operatorId, t.branchId] }),
    index('operator_branches_branch_idx').on(t.branchId),
  ],
);

/** A signed-in browser: the cookie holds a random token, the row its SHA-256 (hex). */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('operator_sessions_operator_idx').on(t.operatorId),
    index('operator_sessions_expiry_idx').on(t.expiresAt),
  ],
);

/** One-time links (invitation, password reset): the SHA-256 of the token, usable once before it expires. */
export const operatorTokens = pgTable(
  'operator_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** invite | reset */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('operator_tokens_operator_idx').on(t.operatorId)],
);

/**
 * Who changed what and when, kept a year. The actor is named in text too, so the entry outlives the
 * operator's removal; `actorOperatorId` is null for the command line.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    actorOperatorId: integer('actor_operator_id').references(() => operators.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    /** What was done, e.g. `operator.invite`, `branch.update`, `device.disable`, `passcode.rotate`. */
    action: text('action').notNull(),
    /** What it was done to: `operator`, `branch`, `staff`, `device`, `key`… and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    branchId: integer('branch_id'),
    /** What changed (field names and new values; never a password, token or PIN). */
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_company_created_idx').on(t.companyId, t.createdAt)],
);
