/** The company's settings in the console (issue 28 item 4; O3.1–O3.3, decision 0210). */
import { CONTACT_DATA_RETENTION_DAYS } from '../constants';
import { Language } from '../enums';
import { parseColour } from '../presentation/colour';
import { firstError, maxChars, noBidiControls, required } from '../validation/shared';
import { FaultList, type SetupResult } from './faults';

/** A company's name: at most this many characters (the guest's header shows it). */
export const COMPANY_NAME_MAX = 100;
/** O3.2 The fewest days contact details may be kept. */
export const CONTACT_RETENTION_MIN_DAYS = 1;
/** O3.2 The most: the privacy notice promises deletion after 7 days, so no setting may keep them longer. */
export const CONTACT_RETENTION_MAX_DAYS = CONTACT_DATA_RETENTION_DAYS;

/** A PATCH of the company: each part optional; a colour or the logo set to null is removed. */
export interface CompanySettingsInput {
  name?: string;
  branding?: { primaryColour?: string | null; accentColour?: string | null; logoUrl?: null };
  languages?: readonly string[];
  contactRetentionDays?: number;
  /** O1.10 Managers may edit the surveys of their branches. */
  managersEditSurveys?: boolean;
}

/** The checked change: only what the input named, clean. */
export interface CompanySettingsChange {
  name?: string;
  primaryColour?: string | null;
  accentColour?: string | null;
  removeLogo?: true;
  languages?: Language[];
  contactRetentionDays?: number;
  managersEditSurveys?: boolean;
}

/** O3.3 A branding colour is hex (#rgb, #rrggbb, #rrggbbaa), kept lowercase; null removes it. */
export const brandingColourFault = (value: string | null): 'setup.colour' | null =>
  value === null || (/^#[0-9a-f]+$/i.test(value.trim()) && parseColour(value)) ? null : 'setup.colour';

/** O3.1 The languages guests are served in: at least one, each one of the four, none twice. */
export function languagesFault(
  values: readonly string[],
): { key: 'form.required' | 'setup.language' | 'form.unique'; params?: { value: string } } | null {
  if (values.length === 0) return { key: 'form.required' };
  const unknown = values.find((v) => !(Language as readonly string[]).includes(v));
  if (unknown !== undefined) return { key: 'setup.language', params: { value: unknown } };
  return new Set(values).size === values.length ? null : { key: 'form.unique' };
}

/** O3.2 Contact details are kept 1 to 7 whole days. */
export function retentionDaysFault(days: number) {
  if (!Number.isInteger(days)) return { key: 'form.numeric' as const };
  if (days < CONTACT_RETENTION_MIN_DAYS)
    return { key: 'form.minValue' as const, params: { n: CONTACT_RETENTION_MIN_DAYS } };
  if (days > CONTACT_RETENTION_MAX_DAYS)
    return { key: 'form.maxValue' as const, params: { n: CONTACT_RETENTION_MAX_DAYS } };
  return null;
}

/** Checks a company PATCH (O3.1–O3.4): the clean change, or each field's first fault. */
export function checkCompanySettings(input: CompanySettingsInput): SetupResult<CompanySettingsChange> {
  const faults = new FaultList();
  const change: CompanySettingsChange = {};
  if (input.name !== undefined) {
    // O3.4 The name guests see in the header.
    const name = input.name.trim();
    faults.addError('name', firstError(name, [required, maxChars(COMPANY_NAME_MAX), noBidiControls]));
    change.name = name;
  }
  for (const part of ['primaryColour', 'accentColour'] as const) {
    const value = input.branding?.[part];
    if (value === undefined) continue;
    faults.add(`branding.${part}`, brandingColourFault(value));
    change[part] = value === null ? null : value.trim().toLowerCase();
  }
  if (input.branding?.logoUrl === null) change.removeLogo = true;
  if (input.languages !== undefined) {
    const fault = languagesFault(input.languages);
    faults.add('languages', fault?.key, fault?.params);
    change.languages = [...input.languages] as Language[];
  }
  if (input.contactRetentionDays !== undefined) {
    const fault = retentionDaysFault(input.contactRetentionDays);
    faults.add('contactRetentionDays', fault?.key, fault?.params);
    change.contactRetentionDays = input.contactRetentionDays;
  }
  if (input.managersEditSurveys !== undefined) change.managersEditSurveys = input.managersEditSurveys;
  return faults.result(change);
}
