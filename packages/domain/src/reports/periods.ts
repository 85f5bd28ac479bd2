// O5.6–O5.8, O5.10: report periods. A visit's day is the date the guest gave with its visit time, which
// is the branch's local time (G4 visitDatetime), so a branch's day is never cut at UTC midnight. Dates
// are `YYYY-MM-DD`; arithmetic on whole days in UTC, where no day is 23 or 25 hours long.

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** O5.10 The longest period a report covers: two years and a day (a leap year's). */
export const REPORT_PERIOD_MAX_DAYS = 732;

/** A `YYYY-MM-DD` that names a real calendar day, as days since 1970-01-01; null otherwise. */
export function epochDay(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null;
  return Math.round(time / DAY_MS);
}

/** The `YYYY-MM-DD` of days since 1970-01-01. */
export const dateOfEpochDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** O5.6 The visit's local day of a `YYYY-MM-DD HH:MM:SS` visit time. */
export const visitDay = (visitDatetime: string): string => visitDatetime.slice(0, 10);

export interface Period {
  from: string;
  to: string;
}

/** O5.10 Why a period is refused (a catalogue key), or null: real dates, from ≤ to, at most 732 days. */
export function periodFault(
  period: Period,
): 'reports.dateInvalid' | 'reports.periodBackwards' | 'reports.periodTooLong' | null {
  const from = epochDay(period.from);
  const to = epochDay(period.to);
  if (from === null || to === null) return 'reports.dateInvalid';
  if (from > to) return 'reports.periodBackwards';
  if (to - from + 1 > REPORT_PERIOD_MAX_DAYS) return 'reports.periodTooLong';
  return null;
}

/** O5.7 The period before: as many days, ending the day before `from`. */
export function previousPeriod(period: Period): Period {
  const from = epochDay(period.from) as number;
  const to = epochDay(period.to) as number;
  const length = to - from + 1;
  return { from: dateOfEpochDay(from - length), to: dateOfEpochDay(from - 1) };
}

export type TrendBucket = 'day' | 'week' | 'month';
export const TREND_BUCKETS: readonly TrendBucket[] = ['day', 'week', 'month'];

/** O5.8 The first day of a day's trend bucket: itself, its ISO week's Monday, or its month's first. */
export function bucketStart(date: string, bucket: TrendBucket): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 8)}01`;
  const day = epochDay(date) as number;
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
  return dateOfEpochDay(day - ((((day + 3) % 7) + 7) % 7));
}
