/** A branch's settings in the console (issue 28 item 4; O3.5–O3.8, decision 0211). */
import { POLLING_INTERVAL_MS } from '../constants';
import { nextCronTime, type SyncSchedule } from '../device/sync-schedule';
import { firstError, maxChars, noBidiControls, required } from '../validation/shared';
import { FaultList, type SetupFault, type SetupResult } from './faults';

export const BRANCH_NAME_MAX = 100;
export const BRANCH_ADDRESS_MAX = 300;
/** O3.8 The largest random delay of a sync schedule: a day. */
export const SYNC_SPREAD_MAX_S = 86_400;
/** O3.8 Runs of a schedule checked for their spacing. */
const SPACING_RUNS = 24;

export interface BranchSettingsInput {
  name?: string;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  timeZone?: string;
  enableStaffPinCodes?: boolean;
  tableEntry?: boolean;
  syncSchedule?: SyncSchedule | null;
  surveyIds?: readonly number[];
}

/** The checked values: only what the input named (a create names at least name and timeZone). */
export interface BranchSettingsChange {
  name?: string;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  timeZone?: string;
  enableStaffPinCodes?: boolean;
  tableEntry?: boolean;
  syncSchedule?: SyncSchedule | null;
  surveyIds?: number[];
}

export interface BranchSettingsContext {
  /** A create needs a name and a time zone; an update changes what it names. */
  mode: 'create' | 'update';
  /** The names of the company's other branches (O3.5: names are unique in the company). */
  otherNames: readonly string[];
  /** The position saved now (an update naming one coordinate keeps the other). */
  saved?: { latitude: number | null; longitude: number | null };
  /** The company's survey ids (a branch serves only its company's surveys). */
  companySurveyIds: readonly number[];
  /** When the sync schedule's next runs are read from (the domain reads no clock). */
  now: Date;
}

/**
 * O3.7 The IANA name of a time zone as Intl knows it (`europe/london` → `Europe/London`), or null for
 * what is not one: offsets and abbreviations Intl cannot place are refused, as the reports' local days
 * and the tablet's sync times need a zone with its summer time.
 */
export function ianaTimeZone(value: string): string | null {
  const text = value.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(text)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * O3.8 A branch's sync schedule: a five-field cron expression that runs (read by the tablet's croner,
 * D4.15), no more often than the tablet checks (every 5 minutes, D4.18), with a whole-second spread of
 * 0 to a day.
 */
export function syncScheduleFaults(schedule: SyncSchedule, now: Date): SetupFault[] {
  const when = schedule.when.trim();
  const faults: SetupFault[] = [];
  let at = when.split(/\s+/).length === 5 ? nextCronTime(when, now, 'UTC') : null;
  if (at === null) faults.push({ field: 'when', key: 'setup.syncWhen' });
  for (let run = 1; at !== null && run < SPACING_RUNS; run += 1) {
    const next = nextCronTime(when, at, 'UTC');
    if (next === null) break;
    if (next.getTime() - at.getTime() < POLLING_INTERVAL_MS) {
      faults.push({
        field: 'when',
        key: 'setup.syncTooOften',
        params: { minutes: POLLING_INTERVAL_MS / 60_000 },
      });
      break;
    }
    at = next;
  }
  const { spread } = schedule;
  if (!Number.isInteger(spread)) faults.push({ field: 'spread', key: 'form.numeric' });
  else if (spread < 0) faults.push({ field: 'spread', key: 'form.minValue', params: { n: 0 } });
  else if (spread > SYNC_SPREAD_MAX_S)
    faults.push({ field: 'spread', key: 'form.maxValue', params: { n: SYNC_SPREAD_MAX_S } });
  return faults;
}

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');

/** O3.6 A coordinate in its range (latitude ±90, longitude ±180). */
function coordinateFault(value: number, limit: number) {
  if (!Number.isFinite(value)) return { key: 'form.numeric' as const };
  if (value < -limit) return { key: 'form.minValue' as const, params: { n: -limit } };
  if (value > limit) return { key: 'form.maxValue' as const, params: { n: limit } };
  return null;
}

function checkPosition(input: BranchSettingsInput, context: BranchSettingsContext, faults: FaultList) {
  const change: Pick<BranchSettingsChange, 'latitude' | 'longitude'> = {};
  if (input.latitude === undefined && input.longitude === undefined) return change;
  const latitude = input.latitude !== undefined ? input.latitude : (context.saved?.latitude ?? null);
  const longitude = input.longitude !== undefined ? input.longitude : (context.saved?.longitude ?? null);
  // O3.6 Both or neither: "venues near you" measures from a point, and half a point is none.
  if ((latitude === null) !== (longitude === null)) {
    faults.add(latitude === null ? 'latitude' : 'longitude', 'setup.positionPair');
  }
  if (latitude !== null) faults.addError('latitude', coordinateFault(latitude, 90));
  if (longitude !== null) faults.addError('longitude', coordinateFault(longitude, 180));
  return { latitude, longitude };
}

/** Checks a branch's create or update (O3.5–O3.8): the clean change, or each field's first fault. */
export function checkBranchSettings(
  input: BranchSettingsInput,
  context: BranchSettingsContext,
): SetupResult<BranchSettingsChange> {
  const faults = new FaultList();
  const change: BranchSettingsChange = {};
  if (input.name !== undefined || context.mode === 'create') {
    const name = (input.name ?? '').trim();
    faults.addError('name', firstError(name, [required, maxChars(BRANCH_NAME_MAX), noBidiControls]));
    // O3.5 Names are unique in the company (case-insensitive): a guest picks a venue by its name.
    if (context.otherNames.some((other) => sameName(other, name))) faults.add('name', 'form.unique');
    change.name = name;
  }
  if (input.address !== undefined) {
    const address = (input.address ?? '').trim();
    faults.addError('address', firstError(address, [maxChars(BRANCH_ADDRESS_MAX), noBidiControls]));
    change.address = address === '' ? null : address;
  }
  Object.assign(change, checkPosition(input, context, faults));
  if (input.timeZone !== undefined || context.mode === 'create') {
    const zone = ianaTimeZone(input.timeZone ?? '');
    if (input.timeZone === undefined || input.timeZone.trim() === '') faults.add('timeZone', 'form.required');
    else faults.add('timeZone', zone === null ? 'setup.timeZone' : null);
    if (zone !== null) change.timeZone = zone;
  }
  if (input.enableStaffPinCodes !== undefined) change.enableStaffPinCodes = input.enableStaffPinCodes;
  if (input.tableEntry !== undefined) change.tableEntry = input.tableEntry;
  if (input.syncSchedule !== undefined) {
    const schedule = input.syncSchedule;
    for (const fault of schedule === null ? [] : syncScheduleFaults(schedule, context.now)) {
      faults.add(`syncSchedule.${fault.field}`, fault.key, fault.params);
    }
    change.syncSchedule = schedule === null ? null : { when: schedule.when.trim(), spread: schedule.spread };
  }
  if (input.surveyIds !== undefined) {
    const unknown = input.surveyIds.find((id) => !context.companySurveyIds.includes(id));
    if (unknown !== undefined) faults.add('surveyIds', 'setup.unknownSurvey', { id: unknown });
    change.surveyIds = [...new Set(input.surveyIds)];
  }
  return faults.result(change);
}
