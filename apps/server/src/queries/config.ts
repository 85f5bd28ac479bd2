import {
  brandingWithCompany,
  type CompanyBranding,
  type ComplaintsSection,
  type CoreSection,
  type DataCaptureSection,
  DEFAULT_SYNC_CRON,
  DEFAULT_SYNC_SPREAD_S,
  type DemographicsSection,
  type GuestStaffMember,
  Language,
  offeredLanguage,
  type Question,
  retentionDays,
  type StaffMember,
  type StaticsSection,
  type Survey,
  type SyncSchedule,
  TeamMemberStatus,
  tableEntryAt,
} from '@venue-voice/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { branches, companies, companyConfig, staffMembers } from '../db/schema';
import type { SurveyRow } from './context';

/** What the console sets for a company's guests (decision 0210). */
export interface CompanySettings {
  branding: CompanyBranding;
  /** At least one (O3.1); the first is the fallback. */
  languages: Language[];
  /** 1–7 (O3.2). */
  contactRetentionDays: number;
}

export interface CompanySections {
  settings: CompanySettings;
  schedules: CoreSection['schedules'];
  features: CoreSection['features'];
  complaints: ComplaintsSection;
  data_capture: DataCaptureSection;
  demographics: DemographicsSection;
  statics: StaticsSection;
}

/** Sections of a company with no configuration row yet: D4's default sync schedule, everything off. */
const DEFAULT_SECTIONS: Omit<CompanySections, 'settings'> = {
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

/** The languages column as stored: a known list, else all four (never none, O3.1). */
export const languagesOf = (stored: unknown): Language[] => {
  const known = Array.isArray(stored)
    ? stored.filter((l): l is Language => (Language as readonly string[]).includes(l))
    : [];
  return known.length > 0 ? known : [...Language];
};

/**
 * A company's configuration sections and its console settings, in one query. The statics edge's
 * retention days are the company's (O3.13): the tablet's queue retention reads them there.
 */
export async function findCompanySections(db: Db, companyId: number): Promise<CompanySections> {
  const rows = await db
    .select({
      logoUrl: companies.logoUrl,
      primaryColour: companies.primaryColour,
      accentColour: companies.accentColour,
      languages: companies.languages,
      contactRetentionDays: companies.contactRetentionDays,
      config: companyConfig,
    })
    .from(companies)
    .leftJoin(companyConfig, eq(companyConfig.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  const found = rows[0];
  const settings: CompanySettings = {
    branding: {
      logoUrl: found?.logoUrl ?? null,
      primaryColour: found?.primaryColour ?? null,
      accentColour: found?.accentColour ?? null,
    },
    languages: languagesOf(found?.languages),
    contactRetentionDays: retentionDays(found?.contactRetentionDays),
  };
  const row = found?.config;
  if (!row) {
    const statics = { ...DEFAULT_SECTIONS.statics, contactDataRetentionDays: settings.contactRetentionDays };
    return { ...DEFAULT_SECTIONS, statics, settings };
  }
  const schedules = row.schedules as CompanySections['schedules'];
  return {
    settings,
    schedules: schedules.length > 0 ? schedules : DEFAULT_SECTIONS.schedules,
    features: row.features as CompanySections['features'],
    complaints: row.complaints as ComplaintsSection,
    data_capture: row.dataCapture as DataCaptureSection,
    demographics: row.demographics as DemographicsSection,
    statics: {
      ...(row.statics as StaticsSection),
      contactDataRetentionDays: settings.contactRetentionDays,
    },
  };
}

/** What a branch's console settings change in its config (decision 0211). */
export interface BranchServing {
  tableEntry: boolean;
  syncSchedule: SyncSchedule | null;
}

/** A branch's serving settings, or null when the company has no such branch. */
export async function findBranchServing(
  db: Db,
  companyId: number,
  branchId: number,
): Promise<BranchServing | null> {
  const rows = await db
    .select({ tableEntry: branches.tableEntry, syncSchedule: branches.syncSchedule })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.companyId, companyId)))
    .limit(1);
  const row = rows[0];
  return row ? { tableEntry: row.tableEntry, syncSchedule: row.syncSchedule as SyncSchedule | null } : null;
}

/**
 * A survey as a guest or tablet is served it: the company's branding where the survey has none (O3.9),
 * the survey's language if the company offers it, else the company's first (O3.10), and the table-number
 * step only where the branch, when known, takes table numbers (O3.11). `survey` is the row's survey in
 * the language it is served in (survey.config's `surveyInLanguage`, O15.23); default its own.
 */
export function servedSurvey(
  row: SurveyRow,
  settings: CompanySettings,
  branch: BranchServing | null,
  survey: Survey = toSurvey(row),
): Survey {
  return {
    ...survey,
    branding: brandingWithCompany(survey.branding, settings.branding),
    templateLocale: offeredLanguage(survey.templateLocale, settings.languages),
    tableNumberEntry: tableEntryAt(survey.tableNumberEntry, branch?.tableEntry ?? null),
  };
}

/**
 * The API's survey object: the stored definition, with the columns as the truth for what SQL also uses,
 * and the published version it is (decision 0254), which a guest's create names back (decision 0256).
 */
export function toSurvey(row: SurveyRow): Survey {
  return {
    ...(row.definition as Survey),
    version: row.version,
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
