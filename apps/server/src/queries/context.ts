import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { branches, companies, devices, surveyBranches, surveys } from '../db/schema';

export type SurveyRow = typeof surveys.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

/** The survey of a slug with its company, or null. */
export async function findSurveyBySlug(
  db: Db,
  slug: string,
): Promise<{ survey: SurveyRow; company: CompanyRow } | null> {
  const rows = await db
    .select({ survey: surveys, company: companies })
    .from(surveys)
    .innerJoin(companies, eq(companies.id, surveys.companyId))
    .where(eq(surveys.slug, slug))
    .limit(1);
  return rows[0] ?? null;
}

/** The device holding a token (looked up by the token's hash) with its company. */
export async function findDeviceByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      id: devices.id,
      deviceId: devices.deviceId,
      branchId: devices.branchId,
      enabled: devices.enabled,
      company: companies,
    })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(eq(devices.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/** True when the branch is linked to the survey. */
export async function surveyHasBranch(db: Db, surveyId: number, branchId: number): Promise<boolean> {
  const rows = await db
    .select({ branchId: surveyBranches.branchId })
    .from(surveyBranches)
    .innerJoin(branches, eq(branches.id, surveyBranches.branchId))
    .where(and(eq(surveyBranches.surveyId, surveyId), eq(surveyBranches.branchId, branchId)))
    .limit(1);
  return rows.length > 0;
}

/** An active survey linked to a branch (app mode: a survey the device may run), or null. */
export async function findBranchSurvey(
  db: Db,
  branchId: number,
  surveyId: number,
): Promise<SurveyRow | null> {
  const rows = await db
    .select({ survey: surveys })
    .from(surveyBranches)
    .innerJoin(surveys, eq(surveys.id, surveyBranches.surveyId))
    .where(
      and(
        eq(surveyBranches.branchId, branchId),
        eq(surveyBranches.surveyId, surveyId),
        eq(surveys.active, true),
      ),
    )
    .limit(1);
  return rows[0]?.survey ?? null;
}
