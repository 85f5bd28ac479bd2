/** What guests and tablets get of the console's settings (O3.9–O3.13, decisions 0210, 0211). */

import { SYNC_SCHEDULE_WHAT, type SyncSchedule } from '../device/sync-schedule';
import { Language } from '../enums';
import type { Branding } from '../schemas/branding';
import type { Schedule } from '../schemas/config';
import { CONTACT_RETENTION_MAX_DAYS } from './company-settings';

/** The company's part of the guest branding. */
export interface CompanyBranding {
  logoUrl: string | null;
  primaryColour: string | null;
  accentColour: string | null;
}

/**
 * O3.9 A survey's branding with the company's logo and colours where the survey sets none: a survey's
 * own part always wins, so a venue's special survey keeps its look.
 */
export function brandingWithCompany(survey: Branding | undefined, company: CompanyBranding): Branding {
  const fallback: Branding = {};
  if (company.logoUrl) fallback.logoImage = company.logoUrl;
  if (company.primaryColour) fallback.primaryColour = company.primaryColour;
  if (company.accentColour) fallback.accentColour = company.accentColour;
  const own = Object.fromEntries(Object.entries(survey ?? {}).filter(([, value]) => value !== undefined));
  return { ...fallback, ...own };
}

/**
 * O3.10 The language a guest or tablet is served in: the survey's own when the company offers it, else
 * the company's first language. A list without a known language serves the survey's (never none).
 */
export function offeredLanguage(
  templateLocale: string | undefined,
  languages: readonly string[] | undefined,
): Language {
  const offered = (languages ?? []).filter((l): l is Language => (Language as readonly string[]).includes(l));
  const own = (Language as readonly string[]).includes(templateLocale ?? '')
    ? (templateLocale as Language)
    : null;
  if (offered.length === 0) return own ?? 'en-gb';
  return own !== null && offered.includes(own) ? own : (offered[0] as Language);
}

/** O3.11 A table number is asked for where the survey asks for one and the branch takes table numbers. */
export const tableEntryAt = (surveyAsks: boolean, branchTakes: boolean | null): boolean =>
  surveyAsks && branchTakes !== false;

/** O3.12 A branch's own sync schedule replaces the company's `sync` schedule; other schedules stay. */
export function schedulesForBranch(company: readonly Schedule[], branch: SyncSchedule | null): Schedule[] {
  if (!branch) return [...company];
  return [
    ...company.filter((s) => s.what !== SYNC_SCHEDULE_WHAT),
    { what: SYNC_SCHEDULE_WHAT, when: branch.when, spread: branch.spread },
  ];
}

/** O3.13 The days contact details are kept: the company's, never more than the privacy notice's 7. */
export const retentionDays = (companyDays: number | null | undefined): number =>
  Math.min(CONTACT_RETENTION_MAX_DAYS, Math.max(1, Math.floor(companyDays ?? CONTACT_RETENTION_MAX_DAYS)));
