/**
 * Calendar arithmetic on wall-clock parts. Dates typed by a guest are venue-local, so they are compared
 * with `now` read in a named zone instead of turned into a Date in whatever zone the machine runs in.
 */

export type LocalDate = { year: number; month: number; day: number };
export type LocalDateTime = LocalDate & { hour: number; minute: number; second: number };
type Instant = LocalDateTime & { millisecond: number };

/** Gregorian leap year. */
export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1-12) of a year. */
export const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** True when year (1-9999), month and day name a day that exists. */
export const isRealDate = (year: number, month: number, day: number): boolean =>
  year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);

/** True for a time of day 00:00:00 to 23:59:59. */
export const isRealTime = (hour: number, minute: number, second: number): boolean =>
  hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

// A zone's offset from UTC at one UTC minute, remembered: Intl's formatToParts costs tens of µs a call
// (digests and their DST tests ask for every hour of weeks, in each zone). Since 1972 every zone's offset
// is whole minutes, so it cannot change inside a UTC minute; earlier instants are read each time.
const offsets = new Map<string, number>();
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1973, 0, 1);
const OFFSETS_KEPT = 10_000;

/** Milliseconds to add to `now` for the wall clock of `timeZone`, read from Intl. */
export const readZoneOffset = (now: Date, timeZone: string): number => {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  // setUTCFullYear: Date.UTC would read years 0-99 as 1900-1999.
  const wall = new Date(
    Date.UTC(2000, part('month') - 1, part('day'), part('hour'), part('minute'), part('second')),
  );
  wall.setUTCFullYear(part('year'));
  return wall.getTime() - (now.getTime() - now.getUTCMilliseconds());
};

const zoneOffset = (now: Date, timeZone: string): number => {
  if (now.getTime() < WHOLE_MINUTE_OFFSETS_FROM) return readZoneOffset(now, timeZone);
  const key = `${timeZone} ${Math.floor(now.getTime() / 60_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = readZoneOffset(now, timeZone);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
};

/** Wall-clock parts of `now` in an IANA zone (e.g. 'Europe/London'), or in the runtime's zone if none. */
export const localPartsOf = (now: Date, timeZone?: string): Instant => {
  if (timeZone === undefined) {
    return {
      year: now.getFullYear(),
      month: now.getMonth() + 1,
      day: now.getDate(),
      hour: now.getHours(),
      minute: now.getMinutes(),
      second: now.getSeconds(),
      millisecond: now.getMilliseconds(),
    };
  }
  const local = new Date(now.getTime() + zoneOffset(now, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    millisecond: now.getUTCMilliseconds(),
  };
};

const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond'] as const;

/** Orders two wall-clock values field by field: negative if a is earlier, 0 if equal, positive if later. */
export const compareLocal = (a: Partial<Instant> & LocalDate, b: Partial<Instant> & LocalDate): number => {
  for (const field of FIELDS) {
    const diff = (a[field] ?? 0) - (b[field] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Wall-clock parts as `YYYY-MM-DD HH:mm:ss` (schemas/common.ts localDateTime). */
export const formatLocalParts = (parts: LocalDateTime): string =>
  `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)} ` +
  `${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;

/** An instant as `YYYY-MM-DD HH:mm:ss` in the venue's IANA zone (the runtime's zone when none). */
export const formatLocalDateTime = (instant: Date, timeZone?: string): string =>
  formatLocalParts(localPartsOf(instant, timeZone));
