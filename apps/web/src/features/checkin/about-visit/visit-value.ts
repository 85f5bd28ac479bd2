/**
 * The about-visit picker's value (G2: a day, hour 01–12, minute 00/15/30/45, am/pm) and its text for the
 * domain's visit-date rules (G5.3–G5.5). Days are wall-clock calendar dates: no Date object, no zone.
 */
import {
  formatLocalParts,
  type LocalDate,
  type LocalDateTime,
  localPartsOf,
  parseVisitDateTime,
  TIME_PICKER_HOURS,
  TIME_PICKER_MINUTE_STEP,
} from '@venue-voice/domain';

export type Meridiem = 'am' | 'pm';

export interface PickerValue {
  date: LocalDate | null;
  /** 1–12. */
  hour: number | null;
  /** 0, 15, 30 or 45. */
  minute: number | null;
  meridiem: Meridiem;
}

/** How far back a visit may be picked; a guest rarely rates a visit older than three months. */
export const VISIT_DAYS_BACK = 90;

export const HOURS: readonly number[] = Array.from({ length: TIME_PICKER_HOURS }, (_, i) => i + 1);
export const MINUTES: readonly number[] = Array.from(
  { length: 60 / TIME_PICKER_MINUTE_STEP },
  (_, i) => i * TIME_PICKER_MINUTE_STEP,
);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar date moved by whole days (UTC arithmetic on the date alone, so no DST surprises). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** First of the month moved by whole months. */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: 1 };
}

export const sameDay = (a: LocalDate | null, b: LocalDate | null): boolean =>
  a !== null && b !== null && a.year === b.year && a.month === b.month && a.day === b.day;

/** Negative when a is earlier, 0 on the same day, positive when later. */
export const compareDays = (a: LocalDate, b: LocalDate): number =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/** ISO weekday, Monday 1 … Sunday 7. */
export const isoWeekday = (date: LocalDate): number =>
  ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;

/** The day as the picker shows it (G2: YYYY/MM/DD). */
export const formatPickerDate = (date: LocalDate): string =>
  `${pad(date.year, 4)}/${pad(date.month)}/${pad(date.day)}`;

/** 12-hour clock to 24: 12 am is 0, 12 pm is 12. */
export const to24Hour = (hour: number, meridiem: Meridiem): number =>
  (hour % 12) + (meridiem === 'pm' ? 12 : 0);

/** 24-hour clock to the picker's hour and am/pm. */
export const from24Hour = (hour: number): { hour: number; meridiem: Meridiem } => ({
  hour: hour % 12 === 0 ? 12 : hour % 12,
  meridiem: hour < 12 ? 'am' : 'pm',
});

/**
 * The text the domain validates: `YYYY-MM-DD HH:mm`. A part not chosen yet stays empty, so the domain
 * reads the text as unreadable ('Please enter a valid time and date') rather than guessing.
 */
export function visitText(value: PickerValue): string {
  const date = value.date ? `${pad(value.date.year, 4)}-${pad(value.date.month)}-${pad(value.date.day)}` : '';
  const time =
    value.hour !== null && value.minute !== null
      ? `${pad(to24Hour(value.hour, value.meridiem))}:${pad(value.minute)}`
      : '';
  return `${date} ${time}`;
}

/** A time of day as picker parts, rounded down to the picker's minute step. */
export function pickerTime(parts: Pick<LocalDateTime, 'hour' | 'minute'>): Omit<PickerValue, 'date'> {
  const minute = parts.minute - (parts.minute % TIME_PICKER_MINUTE_STEP);
  return { ...from24Hour(parts.hour), minute };
}

/**
 * Where the picker starts: the visit the check-in already holds, else no day and the time G4 would
 * default to in the branch (now minus the survey's average service time), which the guest adjusts.
 */
export function initialPickerValue(visit: string | null, now: Date, averageServiceTime: number): PickerValue {
  const known = visit ? parseVisitDateTime(visit) : null;
  if (known) return { date: { year: known.year, month: known.month, day: known.day }, ...pickerTime(known) };
  const current = localPartsOf(now);
  const earlier = localPartsOf(new Date(now.getTime() - Math.max(0, averageServiceTime) * 60_000));
  // Just after midnight "now minus the service time" is yesterday evening: offered with Today (the usual
  // pick) it would be refused as a future time. The time of now is offered instead, right for Today.
  const sameDay =
    earlier.year === current.year && earlier.month === current.month && earlier.day === current.day;
  return { date: null, ...pickerTime(sameDay ? earlier : current) };
}

/** Today in the browser's zone: the guest app is not told its branch's zone (decision 0265). */
export function today(now: Date): LocalDate {
  const { year, month, day } = localPartsOf(now);
  return { year, month, day };
}

/** The picked visit as `YYYY-MM-DD HH:mm:ss`, for the session. */
export const storedVisit = (parts: LocalDateTime): string => formatLocalParts(parts);
