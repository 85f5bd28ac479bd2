import { z } from 'zod';
import { Language } from '../enums';
import { LINK_PURPOSES, PASSWORD_MAX_LENGTH } from './auth-rules';
import { consoleOperatorSchema, operatorRoleSchema } from './roles';

// The console's session, profile, link, operator and audit payloads (console-contract.md): one schema
// for the server's routes and the console's forms.

/** An e-mail as typed: checked for shape here, compared normalised (O2.6) by the server. */
export const operatorEmailSchema = z.string().trim().max(254).pipe(z.email());

/** A password as sent: its rule (O2.1) answers 10025 with the field's key, so only a ceiling here. */
const passwordInput = z.string().max(PASSWORD_MAX_LENGTH * 4);

export const signInBodySchema = z.object({ email: z.string().max(254), password: passwordInput });

export const consoleProfileSchema = consoleOperatorSchema.extend({ language: z.enum(Language) });

/** `GET /console/me`. */
export const consoleMeSchema = z.object({
  operator: consoleProfileSchema,
  company: z.object({ id: z.number().int(), key: z.string(), name: z.string() }),
  branches: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

const operatorName = z.string().trim().min(1).max(100);

/** `PATCH /console/me`: a new password needs the current one. */
export const meUpdateBodySchema = z.object({
  name: operatorName.optional(),
  language: z.enum(Language).optional(),
  password: passwordInput.optional(),
  currentPassword: passwordInput.optional(),
});

export const passwordResetBodySchema = z.object({ email: z.string().max(254) });

/** `GET /console/links/{token}`. */
export const linkInfoSchema = z.object({
  purpose: z.enum(LINK_PURPOSES),
  email: z.string(),
  name: z.string(),
  companyName: z.string(),
});

/** `POST /console/links/{token}`. */
export const linkUseBodySchema = z.object({ password: passwordInput, name: operatorName.optional() });

const branchIdsSchema = z.array(z.number().int().positive()).max(1000);

export const OPERATOR_STATUSES = ['invited', 'active'] as const;

/** One row of `GET /console/operators`: invited until a link set their password. */
export const operatorListItemSchema = consoleOperatorSchema.extend({
  branchIds: z.array(z.number().int()),
  status: z.enum(OPERATOR_STATUSES),
  language: z.enum(Language),
});

export const operatorCreateBodySchema = z.object({
  email: z.string().max(254),
  name: operatorName,
  role: operatorRoleSchema,
  branchIds: branchIdsSchema,
  language: z.enum(Language).optional(),
});

export const operatorUpdateBodySchema = z.object({
  role: operatorRoleSchema.optional(),
  branchIds: branchIdsSchema.optional(),
  name: operatorName.optional(),
});

/** One entry of `GET /console/audit`. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  branchId: z.number().int().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
