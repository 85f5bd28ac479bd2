import type { Branch } from '@venue-voice/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { branches, surveyBranches, surveys } from '../db/schema';

const branchColumns = {
  id: branches.id,
  name: branches.name,
  locationId: branches.locationId,
  siteId: branches.siteId,
  hashCode: branches.hashCode,
  enableStaffPinCodes: branches.enableStaffPinCodes,
  latitude: branches.latitude,
  longitude: branches.longitude,
  address: branches.address,
};

/** Branches linked to a survey, by name. */
export function listSurveyBranches(db: Db, surveyId: number): Promise<Branch[]> {
  return db
    .select(branchColumns)
    .from(surveyBranches)
    .innerJoin(branches, eq(branches.id, surveyBranches.branchId))
    .where(eq(surveyBranches.surveyId, surveyId))
    .orderBy(asc(branches.name), asc(branches.id));
}

/** A branch of the company, or null (another company's branch is never found). */
export async function findBranch(db: Db, companyId: number, branchId: number): Promise<Branch | null> {
  return (await findBranchInZone(db, companyId, branchId))?.branch ?? null;
}

/**
 * A branch of the company with its IANA time zone (decision 0265: the receipt lookup dates its answer on
 * the branch's wall clock), or null (another company's branch is never found). The zone is not part of
 * the branch's API shape.
 */
export async function findBranchInZone(
  db: Db,
  companyId: number,
  branchId: number,
): Promise<{ branch: Branch; timeZone: string } | null> {
  const rows = await db
    .select({ ...branchColumns, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.companyId, companyId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { timeZone, ...branch } = row;
  return { branch, timeZone };
}

/** Active surveys linked to a branch (app mode: what a device downloads), by template id. */
export function listBranchSurveys(db: Db, branchId: number) {
  return db
    .select({ survey: surveys })
    .from(surveyBranches)
    .innerJoin(surveys, eq(surveys.id, surveyBranches.surveyId))
    .where(and(eq(surveyBranches.branchId, branchId), eq(surveys.active, true)))
    .orderBy(asc(surveys.id))
    .then((rows) => rows.map((r) => r.survey));
}
