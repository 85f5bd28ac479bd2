import {
  AppError,
  type CompanySettingsInput,
  type ConsoleCompany,
  checkCompanySettings,
  ErrorCodes,
  Language,
} from '@venue-voice/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { companies } from '../../db/schema';
import { assertOwner, audited, formFaults, type SetupContext } from './scope';

const languagesOf = (stored: unknown): Language[] =>
  Array.isArray(stored)
    ? stored.filter((l): l is Language => (Language as readonly string[]).includes(l))
    : [];

type CompanyRow = typeof companies.$inferSelect;

const toConsoleCompany = (row: CompanyRow): ConsoleCompany => ({
  id: row.id,
  key: row.key,
  name: row.name,
  branding: { logoUrl: row.logoUrl, primaryColour: row.primaryColour, accentColour: row.accentColour },
  languages: languagesOf(row.languages),
  contactRetentionDays: row.contactRetentionDays,
  managersEditSurveys: row.managersEditSurveys,
});

async function companyRow(db: Db, companyId: number): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  // The operator's own company: its row is there while they are (operators reference it).
  if (!row) throw new AppError(ErrorCodes.INVALID_COMPANY_REFERENCE);
  return row;
}

/** GET /console/company (owner, O1.3). */
export async function getCompany(ctx: SetupContext): Promise<ConsoleCompany> {
  assertOwner(ctx.operator);
  return toConsoleCompany(await companyRow(ctx.db, ctx.operator.companyId));
}

/** What a change did, for the audit log: the fields named and their new values (decision 0210). */
export type Changed = Record<string, unknown>;

/** PATCH /console/company (owner): O3.1–O3.4 checked; answers the company and what changed. */
export async function updateCompany(
  ctx: SetupContext,
  input: CompanySettingsInput,
): Promise<{ company: ConsoleCompany; changed: Changed; formerLogoUrl: string | null }> {
  assertOwner(ctx.operator);
  const checked = checkCompanySettings(input);
  if (!checked.ok) throw formFaults(checked.faults);
  const { removeLogo, ...values } = checked.value;
  const was = await companyRow(ctx.db, ctx.operator.companyId);
  const set = { ...values, ...(removeLogo ? { logoUrl: null } : {}) };
  if (Object.keys(set).length === 0)
    return { company: toConsoleCompany(was), changed: {}, formerLogoUrl: null };
  const row = await audited(ctx, async (tx) => {
    const [updated] = await tx.update(companies).set(set).where(eq(companies.id, was.id)).returning();
    return {
      result: updated ?? was,
      entry: { action: 'company.update', subjectType: 'company', subjectId: was.id, detail: set },
    };
  });
  return { company: toConsoleCompany(row), changed: set, formerLogoUrl: removeLogo ? was.logoUrl : null };
}

/** POST /console/company/logo (owner): the company names the stored logo; answers the one it replaced. */
export async function setCompanyLogo(
  ctx: SetupContext,
  logoUrl: string,
): Promise<{ company: ConsoleCompany; formerLogoUrl: string | null }> {
  assertOwner(ctx.operator);
  const was = await companyRow(ctx.db, ctx.operator.companyId);
  const row = await audited(ctx, async (tx) => {
    const [updated] = await tx.update(companies).set({ logoUrl }).where(eq(companies.id, was.id)).returning();
    return {
      result: updated ?? was,
      entry: { action: 'company.logo', subjectType: 'company', subjectId: was.id, detail: { logoUrl } },
    };
  });
  return { company: toConsoleCompany(row), formerLogoUrl: was.logoUrl };
}
