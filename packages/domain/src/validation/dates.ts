/** DD/MM/YYYY and DD/MM date fields and the no-future rule (guest-flow.md §5, G5.9–G5.11). */
import { BIRTHDAY_CHECK_YEAR } from '../constants';
import { compareLocal, isRealDate, type LocalDate, localPartsOf } from './local-time';
import { isBlank } from './shared';
import { invalid, type ValidationError } from './types';

// Two-digit day and month, four-digit year: "1/2/2020" is rejected, not guessed.
const DAY_MONTH_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DAY_MONTH = /^(\d{2})\/(\d{2})$/;

/** The date a strict DD/MM/YYYY text names, or null if the text or the date is not real. */
export const parseDayMonthYear = (value: string): LocalDate | null => {
  const match = DAY_MONTH_YEAR.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
};

/** The day and month a DD/MM text names, checked in leap year BIRTHDAY_CHECK_YEAR so 29/02 passes. */
export const parseDayMonth = (value: string): { day: number; month: number } | null => {
  const match = DAY_MONTH.exec(value);
  if (!match) return null;
  const [day, month] = [Number(match[1]), Number(match[2])];
  return isRealDate(BIRTHDAY_CHECK_YEAR, month, day) ? { day, month } : null;
};

/** DD/MM/YYYY field: required, strict format, a real calendar date (form.dayMonthYear). */
export const validateDayMonthYear = (value: string): ValidationError | null => {
  if (isBlank(value)) return invalid('form.required');
  return parseDayMonthYear(value) ? null : invalid('form.dayMonthYear');
};

/** DD/MM field (birthday or anniversary without a year): required, a day that exists in some year. */
export const validateDayMonth = (value: string): ValidationError | null => {
  if (isBlank(value)) return invalid('form.required');
  return parseDayMonth(value) ? null : invalid('form.dayMonth');
};

/** DD/MM/YYYY field that may not lie after today in the venue's zone (today itself is allowed). */
export const validatePastDate = (value: string, now: Date, timeZone?: string): ValidationError | null => {
  if (isBlank(value)) return invalid('form.required');
  const date = parseDayMonthYear(value);
  if (!date) return invalid('form.dayMonthYear');
  const today = localPartsOf(now, timeZone);
  const todayDate = { year: today.year, month: today.month, day: today.day };
  return compareLocal(date, todayDate) > 0 ? invalid('form.futureDate') : null;
};
