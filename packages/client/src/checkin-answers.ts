/**
 * Hand checks of the answers the check-in screens read before the form (decision 0078): zod and the
 * domain's schemas load later, in their own chunk. Each check gives the same result as the domain's
 * schema for what it covers (unknown keys dropped, the same defaults); `checkin-answers.test.ts` holds
 * them to that on bad values and generated ones, the server's client contract on the demo surveys.
 */
import {
  type BranchListing,
  type CoreSection,
  Language,
  type StaticsSection,
  type Survey,
} from '@venue-voice/domain';
import type { CheckResult } from './request';

/** The survey fields the check-in screens read (routing flags, language, visit time, branding, name). */
export type CheckinSurvey = Pick<
  Survey,
  | 'templateId'
  | 'name'
  | 'templateLocale'
  | 'eposEnabled'
  | 'showPinScreen'
  | 'tableNumberEntry'
  | 'aboutVisitEnabled'
  | 'averageServiceTime'
  | 'branding'
>;

/** survey.config as the check-in screens know it: core and statics whole, each survey's check-in fields. */
export interface CheckinConfig {
  core?: CoreSection;
  surveys?: CheckinSurvey[];
  statics?: StaticsSection;
}

// The patterns of the domain's schemas (schemas/common.ts), written out.
const COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const ASSET_URL = /^(https?:\/\/|\/)[^\s"'<>]*$/;
const FONT_MAX = 64;

class Invalid extends Error {}

/** Reads one value at a path; a wrong value stops the check with that path. */
const fail = (path: string, expected: string): never => {
  throw new Invalid(`${path}: expected ${expected}`);
};
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown, path: string) => (isRecord(value) ? value : fail(path, 'object'));
const list = (value: unknown, path: string) => (Array.isArray(value) ? value : fail(path, 'array'));
const text = (value: unknown, path: string) => (typeof value === 'string' ? value : fail(path, 'string'));
const flag = (value: unknown, path: string) => (typeof value === 'boolean' ? value : fail(path, 'boolean'));
const number = (value: unknown, path: string) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'number');
const integer = (value: unknown, path: string, min: number) =>
  Number.isSafeInteger(value) && (value as number) >= min
    ? (value as number)
    : fail(path, `integer ≥ ${min}`);
const between = (value: unknown, path: string, min: number, max: number) => {
  const n = number(value, path);
  return n >= min && n <= max ? n : fail(path, `number in [${min}, ${max}]`);
};
const nullable =
  <T>(read: (value: unknown, path: string) => T) =>
  (value: unknown, path: string) =>
    value === null ? null : read(value, path);
const matching = (pattern: RegExp) => (value: unknown, path: string) => {
  const s = text(value, path);
  return pattern.test(s) ? s : fail(path, `text matching ${pattern}`);
};
/** An optional key: absent stays absent and undefined stays undefined, as zod's `.optional()` leaves them. */
const optional = <T>(
  from: Record<string, unknown>,
  key: string,
  path: string,
  read: (value: unknown, path: string) => T,
): { [key: string]: T | undefined } => {
  if (!(key in from)) return {};
  return { [key]: from[key] === undefined ? undefined : read(from[key], `${path}.${key}`) };
};

const run = <T>(check: () => T): CheckResult<T> => {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, issues: [error.message] };
    throw error;
  }
};

const branding = (value: unknown, path: string): Survey['branding'] => {
  if (value === undefined) return {};
  const b = record(value, path);
  const font = (v: unknown, p: string) => {
    const s = text(v, p);
    return s.length <= FONT_MAX ? s : fail(p, `at most ${FONT_MAX} characters`);
  };
  return {
    ...optional(b, 'font', path, font),
    ...optional(b, 'accentColour', path, matching(COLOUR)),
    ...optional(b, 'errorColour', path, matching(COLOUR)),
    ...optional(b, 'primaryColour', path, matching(COLOUR)),
    ...optional(b, 'secondaryColour', path, matching(COLOUR)),
    ...optional(b, 'headerImage', path, matching(ASSET_URL)),
    ...optional(b, 'backgroundImage', path, matching(ASSET_URL)),
    ...optional(b, 'logoImage', path, matching(ASSET_URL)),
  };
};

const language = (value: unknown, path: string): Language =>
  (Language as readonly unknown[]).includes(value) ? (value as Language) : fail(path, Language.join(' | '));

const survey = (value: unknown, path: string): CheckinSurvey => {
  const s = record(value, path);
  const at = (key: string) => `${path}.${key}`;
  return {
    templateId: integer(s.templateId, at('templateId'), 0),
    name: text(s.name, at('name')),
    templateLocale: language(s.templateLocale, at('templateLocale')),
    eposEnabled: flag(s.eposEnabled, at('eposEnabled')),
    showPinScreen: flag(s.showPinScreen, at('showPinScreen')),
    tableNumberEntry: flag(s.tableNumberEntry, at('tableNumberEntry')),
    // The schema's default: a survey that does not say asks about the visit.
    aboutVisitEnabled:
      s.aboutVisitEnabled === undefined ? true : flag(s.aboutVisitEnabled, at('aboutVisitEnabled')),
    averageServiceTime: integer(s.averageServiceTime, at('averageServiceTime'), 0),
    branding: branding(s.branding, at('branding')),
  };
};

const core = (value: unknown, path: string): CoreSection => {
  const c = record(value, path);
  const company = record(c.company, `${path}.company`);
  const features = record(c.features, `${path}.features`);
  return {
    company: {
      keyName: text(company.keyName, `${path}.company.keyName`),
      name: text(company.name, `${path}.company.name`),
    },
    schedules: list(c.schedules, `${path}.schedules`).map((item, i) => {
      const at = `${path}.schedules.${i}`;
      const schedule = record(item, at);
      return {
        what: text(schedule.what, `${at}.what`),
        when: text(schedule.when, `${at}.when`),
        spread: integer(schedule.spread, `${at}.spread`, 0),
      };
    }),
    features: { digitalReceipt: flag(features.digitalReceipt, `${path}.features.digitalReceipt`) },
  };
};

const statics = (value: unknown, path: string): StaticsSection => {
  const s = record(value, path);
  return {
    privacyNoticeVersion: text(s.privacyNoticeVersion, `${path}.privacyNoticeVersion`),
    privacyPolicyUrl: text(s.privacyPolicyUrl, `${path}.privacyPolicyUrl`),
    copyright: text(s.copyright, `${path}.copyright`),
    contactDataRetentionDays: integer(s.contactDataRetentionDays, `${path}.contactDataRetentionDays`, 1),
  };
};

/**
 * survey.config (web mode) for the check-in screens: core, statics and each survey's check-in fields
 * checked (as the schema reads them, defaults included) over the answer as it came. The other edges
 * and fields stay in the value, unchecked and untyped, for the full parse before the questions
 * (`parseWebConfig`).
 */
export const checkCheckinConfig = (data: unknown): CheckResult<CheckinConfig> =>
  run(() => {
    const answer = record(data, 'data');
    return {
      ...answer,
      ...optional(answer, 'core', 'data', core),
      ...optional(answer, 'surveys', 'data', (value, path) =>
        list(value, path).map((item, i) => ({
          ...record(item, `${path}.${i}`),
          ...survey(item, `${path}.${i}`),
        })),
      ),
      ...optional(answer, 'statics', 'data', statics),
    };
  });

const branch = (value: unknown, path: string): BranchListing => {
  const b = record(value, path);
  const at = (key: string) => `${path}.${key}`;
  const nullableText = nullable(text);
  return {
    id: integer(b.id, at('id'), 1),
    name: text(b.name, at('name')),
    locationId: nullableText(b.locationId, at('locationId')),
    siteId: nullableText(b.siteId, at('siteId')),
    hashCode: nullableText(b.hashCode, at('hashCode')),
    enableStaffPinCodes: flag(b.enableStaffPinCodes, at('enableStaffPinCodes')),
    latitude: nullable((v, p) => between(v, p, -90, 90))(b.latitude, at('latitude')),
    longitude: nullable((v, p) => between(v, p, -180, 180))(b.longitude, at('longitude')),
    address: nullableText(b.address, at('address')),
    distance: nullable((v, p) => between(v, p, 0, Number.POSITIVE_INFINITY))(b.distance, at('distance')),
  };
};

/** survey.branch's answer: every listing whole (find venue reads them all). */
export const checkBranches = (data: unknown): CheckResult<{ branches: BranchListing[] }> =>
  run(() => {
    const answer = record(data, 'data');
    return {
      branches: list(answer.branches, 'data.branches').map((item, i) => branch(item, `data.branches.${i}`)),
    };
  });
