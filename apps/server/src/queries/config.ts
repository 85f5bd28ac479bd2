import {
  type ComplaintsSection,
  type CoreSection,
  type DataCaptureSection,
  DEFAULT_SYNC_CRON,
  DEFAULT_SYNC_SPREAD_S,
  type DemographicsSection,
  type GuestStaffMember,
  type Question,
  type StaffMember,
  type StaticsSection,
  type Survey,
  TeamMemberStatus,
} from '@venue-voice/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { companyConfig, staffMembers } from '../db/schema';
import type { SurveyRow } from './context';

export interface CompanySections {
  schedules: CoreSection['schedules'];
  features: CoreSection['features'];
  complaints: ComplaintsSection;
  data_capture: DataCaptureSection;
  demographics: DemographicsSection;
  statics: StaticsSection;
}

/** Sections of a company with no configuration row yet: D4's default sync schedule, everything off. */
const DEFAULT_SECTIONS: CompanySections = {
  schedules: [{ what: 'sync', when: DEFAULT_SYNC_CRON, spread: DEFAULT_SYNC_SPREAD_S }],
  features: { digitalReceipt: false },
  complaints: { enabled: false, categories: [] },
  data_capture: { enabled: false, marketingPermissionText: '', ageConsent: 'none', fields: [] },
  demographics: { fields: [] },
  statics: {
    privacyNoticeVersion: '2.6',
    privacyPolicyUrl: '/privacy',
    copyright: '',
    contactDataRetentionDays: 7,
  },
};

export async function findCompanySections(db: Db, companyId: number): Promise<CompanySections> {
  const rows = await db.select().from(companyConfig).where(eq(companyConfig.companyId, companyId)).limit(1);
  const row = rows[0];
  if (!row) return DEFAULT_SECTIONS;
  const schedules = row.schedules as CompanySections['schedules'];
  return {
    schedules: schedules.length > 0 ? schedules : DEFAULT_SECTIONS.schedules,
    features: row.features as CompanySections['features'],
    complaints: row.complaints as ComplaintsSection,
    data_capture: row.dataCapture as DataCaptureSection,
    demographics: row.demographics as DemographicsSection,
    statics: row.statics as StaticsSection,
  };
}

/** The API's survey object: the stored definition, with the columns as the truth for what SQL also uses. */
export function toSurvey(row: SurveyRow): Survey {
  return {
    ...(row.definition as Survey),
    templateId: row.id,
    slug: row.slug,
    name: row.name,
    templateLocale: row.templateLocale as Survey['templateLocale'],
    eposEnabled: row.eposEnabled,
    showPinScreen: row.showPinScreen,
    tableNumberEntry: row.tableNumberEntry,
  };
}

export const toQuestions = (row: SurveyRow): Question[] =>
  (row.questions as Question[]).map((q) => ({ ...q, templateId: row.id }));

/**
 * A member of a branch as the server holds it: the PIN in clear, for the server's own checks (manage
 * calls, D5.12) only. No answer carries it (decision 0197): see `deviceStaff` and the manage listing.
 */
export type BranchMember = Omit<StaffMember, 'pinVerifier'> & { pinCode: string | null };

/** Staff of a branch, PINs included, in the manage-team order (status, weight, name). */
export async function listBranchStaff(db: Db, branchId: number): Promise<BranchMember[]> {
  const rows = await db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.branchId, branchId))
    .orderBy(
      desc(staffMembers.status),
      desc(staffMembers.weight),
      asc(staffMembers.displayName),
      asc(staffMembers.id),
    );
  return rows.map((m) => ({
    id: m.id,
    displayName: m.displayName,
    fullName: m.fullName,
    pinCode: m.pinCode,
    hasPin: (m.pinCode ?? '').trim() !== '',
    status: m.status as StaffMember['status'],
    weight: m.weight,
    teamId: m.teamId ?? 0,
    hasSettingsAccess: m.hasSettingsAccess,
    gender: m.gender,
    type: m.type,
    imageUrl: m.imageUrl,
    thumbnailUrl: m.thumbnailUrl,
    tags: m.tags as StaffMember['tags'],
  }));
}

/** A member as an answer may show them: whether they have a PIN, never the PIN (decision 0197). */
export const withoutPin = ({ pinCode: _pin, ...member }: BranchMember): StaffMember => member;

/**
 * Staff of a branch for a guest (web mode): active members only, in the manage-team order, with the
 * fields a guest may see and nothing else — no PIN code, weight or settings access (decision 0011).
 * The columns are chosen here, so a secret never leaves the database for this answer.
 */
export async function listGuestStaff(db: Db, branchId: number): Promise<GuestStaffMember[]> {
  const rows = await db
    .select({
      id: staffMembers.id,
      displayName: staffMembers.displayName,
      fullName: staffMembers.fullName,
      teamId: staffMembers.teamId,
      gender: staffMembers.gender,
      type: staffMembers.type,
      imageUrl: staffMembers.imageUrl,
      thumbnailUrl: staffMembers.thumbnailUrl,
      tags: staffMembers.tags,
    })
    .from(staffMembers)
    .where(and(eq(staffMembers.branchId, branchId), eq(staffMembers.status, TeamMemberStatus.ACTIVE)))
    .orderBy(desc(staffMembers.weight), asc(staffMembers.displayName), asc(staffMembers.id));
  return rows.map((m) => ({
    ...m,
    status: TeamMemberStatus.ACTIVE,
    teamId: m.teamId ?? 0,
    tags: m.tags as GuestStaffMember['tags'],
  }));
}
