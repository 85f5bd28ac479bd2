/**
 * Start time and visit time of a check-in (guest-flow.md §3 startTime, §4 Default visit time, 'now' and
 * noVisit). All values are `YYYY-MM-DD HH:mm:ss` wall-clock text (schemas/common.ts localDateTime),
 * read in the venue's IANA zone when the caller names one, else in the runtime's zone.
 */
import { compareLocal, formatLocalDateTime, formatLocalParts, localPartsOf } from '../validation/local-time';
import { parseVisitDateTime } from '../validation/visit-date-time';

const MS_PER_MINUTE = 60_000;
/** The dateTime value that means "the visit is now" (G4). */
export const NOW_DATE_TIME = 'now';

export { formatLocalParts };

/** `now` as `YYYY-MM-DD HH:mm:ss` in the zone (the check-in's startTime, G3). */
export const localDateTimeAt = formatLocalDateTime;

/** True for the dateTime value 'now' (any case, surrounding spaces ignored). */
export const isNowDateTime = (value: string | null | undefined): boolean =>
  value?.trim().toLowerCase() === NOW_DATE_TIME;

/**
 * A visit date-time the flow can use: one the visit-date rules read (G5.3) that is not after `now`.
 * Normalised to `YYYY-MM-DD HH:mm:ss`; null when missing, unreadable or in the future.
 */
export const usableVisitDateTime = (
  value: string | null | undefined,
  now: Date,
  timeZone?: string,
): string | null => {
  const visit = value ? parseVisitDateTime(value.trim()) : null;
  if (!visit || compareLocal(visit, localPartsOf(now, timeZone)) > 0) return null;
  return formatLocalParts(visit);
};

/** What decides a visit's date-time. */
export interface VisitTimeInput {
  /** A date-time from the guest, the PIN lookup or the dateTime parameter; 'now' means the current time. */
  dateTime?: string | null;
  /** The noVisit parameter is on: the visit is now. */
  noVisit?: boolean;
  /** The inBranch parameter is on: the guest is at the venue. */
  inBranch?: boolean;
  /** The survey's averageServiceTime, in minutes. */
  averageServiceTime: number;
}

/**
 * The visit date-time (G4): noVisit or 'now' give `now`; else a usable date-time as given; else, in the
 * branch, `now` minus the average service time; else null (the about-visit step asks the guest).
 */
export const resolveVisitDateTime = (input: VisitTimeInput, now: Date, timeZone?: string): string | null => {
  if (input.noVisit || isNowDateTime(input.dateTime)) return localDateTimeAt(now, timeZone);
  const given = usableVisitDateTime(input.dateTime, now, timeZone);
  if (given) return given;
  if (!input.inBranch) return null;
  const minutes = Math.max(0, input.averageServiceTime);
  // Subtracted on the instant, then read as wall clock, so a DST change inside the span is right.
  return localDateTimeAt(new Date(now.getTime() - minutes * MS_PER_MINUTE), timeZone);
};

/**
 * What a PIN or table lookup (survey.transaction) is told of the visit: now (`date=now` or noVisit), a
 * date-time the guest gave (already wall clock, G5.3 layouts, normalised), or nothing (then the check's
 * open time is the visit).
 */
export type LookupVisit = { now: true } | { now: false; dateTime: string | null };

/** G4.89 Reads the lookup's `date` and `noVisit`; null when the date is none of G5.3's layouts (10009). */
export const readLookupVisit = (date: string | undefined, noVisit: boolean): LookupVisit | null => {
  if (noVisit || isNowDateTime(date)) return { now: true };
  if (date === undefined) return { now: false, dateTime: null };
  const visit = parseVisitDateTime(date.trim());
  return visit ? { now: false, dateTime: formatLocalParts(visit) } : null;
};

/**
 * G4.89 The lookup's visit date-time: now is read on the branch's wall clock (its IANA zone), as every
 * stored visit time is; a given date-time stays as the guest gave it; null when none was given.
 */
export const lookupVisitDateTime = (visit: LookupVisit, now: Date, timeZone: string): string | null =>
  visit.now ? localDateTimeAt(now, timeZone) : visit.dateTime;
