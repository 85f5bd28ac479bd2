import type { Random } from '../random';
import type { Transaction } from '../schemas/transaction';
import { isRealDate, isRealTime, type LocalDateTime } from '../validation/local-time';
import type { IndicatorScores, SurveyContext } from './types';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const MINUTES_PER_HOUR = 60;
const SECONDS_PER_HOUR = 3600;
/** getUTCDay() is 0 for Sunday; ISO numbers Sunday 7. */
const ISO_SUNDAY = 7;

/** Parses a venue-local `YYYY-MM-DD HH:mm:ss`; throws on anything else, since callers build it themselves. */
export function parseLocalDateTime(text: string): LocalDateTime {
  const match = LOCAL_DATE_TIME.exec(text);
  const [year, month, day, hour, minute, second] = (match?.slice(1) ?? []).map(Number) as number[];
  if (
    match === null ||
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined ||
    !isRealDate(year, month, day) ||
    !isRealTime(hour, minute, second)
  ) {
    throw new RangeError(`Expected a local date-time YYYY-MM-DD HH:mm:ss, got "${text}"`);
  }
  return { year, month, day, hour, minute, second };
}

/**
 * G4.22 ISO day of week of a calendar date: Monday 1 … Sunday 7. The venue's week starts on Monday
 * (WEEK_STARTS_ON), and with Monday 1 "weekend" is one filter (at or above 6).
 */
export function isoDayOfWeek(date: { year: number; month: number; day: number }): number {
  // A UTC date has no zone offset to shift the day: this is calendar arithmetic, not a clock read.
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday === 0 ? ISO_SUNDAY : weekday;
}

/** G4.21 time of day in hours since midnight, minutes and seconds as a fraction (19:30 is 19.5). */
export const hoursSinceMidnight = (time: { hour: number; minute: number; second: number }): number =>
  time.hour + time.minute / MINUTES_PER_HOUR + time.second / SECONDS_PER_HOUR;

/** What `surveyContext` derives the engine's context from. */
export interface SurveyContextInput {
  transaction: Transaction | null;
  visitDateTime: string;
  indicatorScores?: IndicatorScores;
  random: Random;
  /** Overrides the check's covers, e.g. when staff typed the party size. */
  partySize?: number | null;
}

/** Builds the engine's context: party size, spend and per head from the check; time and day from the visit. */
export function surveyContext(input: SurveyContextInput): SurveyContext {
  const visit = parseLocalDateTime(input.visitDateTime);
  const check = input.transaction?.check ?? null;
  return {
    transaction: input.transaction,
    visitDateTime: input.visitDateTime,
    partySize: input.partySize !== undefined ? input.partySize : (check?.covers ?? null),
    totalSpent: check?.subtotal ?? null,
    averagePerHead: check?.avgSpentPerHead ?? null,
    timeOfDay: hoursSinceMidnight(visit),
    dayOfWeek: isoDayOfWeek(visit),
    indicatorScores: input.indicatorScores ?? {},
    random: input.random,
  };
}
