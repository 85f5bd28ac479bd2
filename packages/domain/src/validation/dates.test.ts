import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIRTHDAY_CHECK_YEAR } from '../constants';
import { parseDayMonthYear, validateDayMonth, validateDayMonthYear, validatePastDate } from './dates';
import { daysInMonth, isLeapYear, localPartsOf } from './local-time';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('DD/MM/YYYY and DD/MM dates', () => {
  it.each([
    ['', { key: 'form.required' }],
    ['  ', { key: 'form.required' }],
    ['31/12/2024', null],
    ['01/01/0001', null],
    ['29/02/2024', null],
    ['29/02/2000', null],
    ['29/02/2023', { key: 'form.dayMonthYear' }],
    ['29/02/1900', { key: 'form.dayMonthYear' }],
    ['31/04/2024', { key: 'form.dayMonthYear' }],
    ['30/04/2024', null],
    ['00/01/2024', { key: 'form.dayMonthYear' }],
    ['01/13/2024', { key: 'form.dayMonthYear' }],
    ['01/00/2024', { key: 'form.dayMonthYear' }],
    ['00/00/0000', { key: 'form.dayMonthYear' }],
    ['1/02/2024', { key: 'form.dayMonthYear' }],
    ['01/2/2024', { key: 'form.dayMonthYear' }],
    ['01/02/24', { key: 'form.dayMonthYear' }],
    ['01-02-2024', { key: 'form.dayMonthYear' }],
    [' 01/02/2024', { key: 'form.dayMonthYear' }],
    ['01/02/2024 ', { key: 'form.dayMonthYear' }],
  ])('G5.9 DD/MM/YYYY is strict: %j', (value, expected) => {
    expect(validateDayMonthYear(value)).toEqual(expected);
  });

  it('G5.9 property: DD/MM/YYYY accepts exactly the days the calendar has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 9999 }),
        (d, m, y) => {
          const real =
            m >= 1 &&
            m <= 12 &&
            d >= 1 &&
            d <= new Date(Date.UTC(2000, m, 0)).getUTCDate() - (m === 2 && !isLeapYear(y) ? 1 : 0);
          expect(parseDayMonthYear(`${pad(d)}/${pad(m)}/${pad(y, 4)}`) !== null).toBe(real);
        },
      ),
    );
  });

  it('G5.9 leap years follow the Gregorian rule', () => {
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['29/02', null],
    ['30/02', { key: 'form.dayMonth' }],
    ['31/12', null],
    ['32/12', { key: 'form.dayMonth' }],
    ['31/06', { key: 'form.dayMonth' }],
    ['00/05', { key: 'form.dayMonth' }],
    ['15/13', { key: 'form.dayMonth' }],
    ['1/05', { key: 'form.dayMonth' }],
    ['01/05/2020', { key: 'form.dayMonth' }],
  ])('G5.10 DD/MM birthday or anniversary, checked in 1904: %j', (value, expected) => {
    expect(isLeapYear(BIRTHDAY_CHECK_YEAR)).toBe(true);
    expect(validateDayMonth(value)).toEqual(expected);
  });

  // 23:30 on 31 May 2025 in UTC is already 1 June in London (BST, UTC+1).
  const now = new Date(Date.UTC(2025, 4, 31, 23, 30));
  it.each([
    ['31/05/2025', 'UTC', null],
    ['30/05/2025', 'UTC', null],
    ['01/06/2025', 'UTC', { key: 'form.futureDate' }],
    ['01/06/2025', 'Europe/London', null],
    ['02/06/2025', 'Europe/London', { key: 'form.futureDate' }],
    ['31/12/2099', 'UTC', { key: 'form.futureDate' }],
    ['31/02/2025', 'UTC', { key: 'form.dayMonthYear' }],
    ['', 'UTC', { key: 'form.required' }],
  ])('G5.11 future date not allowed: %j in %s', (value, zone, expected) => {
    expect(validatePastDate(value, now, zone)).toEqual(expected);
  });

  it('G5.11 without a zone, today is read in the runtime zone', () => {
    const today = localPartsOf(now);
    expect(today).toMatchObject({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
    const text = `${pad(today.day)}/${pad(today.month)}/${today.year}`;
    expect(validatePastDate(text, now)).toBeNull();
  });
});
