import type { LocalDate } from '@venue-voice/domain';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, addMonths, compareDays, isoWeekday, sameDay } from './visit-value';

interface CalendarProps {
  value: LocalDate | null;
  onChange(date: LocalDate): void;
  /** Earliest and latest days that may be picked. */
  min: LocalDate;
  max: LocalDate;
  /** BCP 47 tag for month and weekday names. */
  locale: string;
}

const utc = (date: LocalDate) => new Date(Date.UTC(date.year, date.month - 1, date.day));
const clamp = (date: LocalDate, min: LocalDate, max: LocalDate) =>
  compareDays(date, min) < 0 ? min : compareDays(date, max) > 0 ? max : date;

/** The weeks of a month, Monday first (G2), with null for the days of the months around it. */
function weeksOf(month: LocalDate): (LocalDate | null)[][] {
  const first = { ...month, day: 1 };
  const cells: (LocalDate | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let day = first; day.month === first.month; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** Monday to Sunday of any week (1 January 2024 was a Monday). */
const WEEK = Array.from({ length: 7 }, (_, i) => addDays({ year: 2024, month: 1, day: 1 }, i));

/** Key → where the focused day moves: arrows by day and week, Home/End to the week's ends, pages by month. */
function moved(key: string, day: LocalDate): LocalDate | null {
  const weekday = isoWeekday(day);
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, 1 - weekday);
    case 'End':
      return addDays(day, 7 - weekday);
    case 'PageUp':
      return sameDayOfMonth(day, -1);
    case 'PageDown':
      return sameDayOfMonth(day, 1);
    default:
      return null;
  }
}

function sameDayOfMonth(day: LocalDate, months: number): LocalDate {
  const start = addMonths(day, months);
  const last = addDays(addMonths(start, 1), -1).day;
  return { ...start, day: Math.min(day.day, last) };
}

/**
 * A month table for picking the visit day: one focusable day button (roving tabindex) moved with the
 * arrows, Home/End and PageUp/PageDown; the chosen day is pressed; days outside min..max are announced
 * as unavailable.
 */
export function Calendar({ value, onChange, min, max, locale }: CalendarProps) {
  const { t } = useTranslation('checkin');
  const headingId = useId();
  const [focused, setFocused] = useState<LocalDate>(() => clamp(value ?? max, min, max));
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const month = { year: focused.year, month: focused.month, day: 1 };

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const dayName = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const inRange = (day: LocalDate) => compareDays(day, min) >= 0 && compareDays(day, max) <= 0;

  const onKeyDown = (event: KeyboardEvent, day: LocalDate) => {
    const next = moved(event.key, day);
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(clamp(next, min, max));
  };
  const showMonth = (months: number) => setFocused(clamp(sameDayOfMonth(focused, months), min, max));
  const earliestMonth = compareDays(month, { ...min, day: 1 }) <= 0;
  const latestMonth = compareDays(month, { ...max, day: 1 }) >= 0;

  return (
    <div className="ck-calendar">
      <div className="ck-calendar__header">
        <button
          type="button"
          className="ck-calendar__nav"
          aria-label={t('calendar.previousMonth')}
          disabled={earliestMonth}
          onClick={() => showMonth(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={headingId} className="ck-calendar__month" aria-live="polite">
          {monthName.format(utc(month))}
        </p>
        <button
          type="button"
          className="ck-calendar__nav"
          aria-label={t('calendar.nextMonth')}
          disabled={latestMonth}
          onClick={() => showMonth(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table ref={grid} className="ck-calendar__grid" aria-labelledby={headingId}>
        <thead>
          <tr>
            {WEEK.map((day) => (
              <th key={day.day} scope="col" abbr={weekdayLong.format(utc(day))}>
                {weekdayShort.format(utc(day))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean)?.day}>
              {week.map((day, index) =>
                day ? (
                  <td key={day.day}>
                    <button
                      type="button"
                      className="ck-calendar__day"
                      tabIndex={sameDay(day, focused) ? 0 : -1}
                      aria-label={dayName.format(utc(day))}
                      aria-pressed={sameDay(day, value)}
                      aria-disabled={inRange(day) ? undefined : true}
                      aria-current={sameDay(day, max) ? 'date' : undefined}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onClick={() => {
                        if (!inRange(day)) return;
                        setFocused(day);
                        onChange(day);
                      }}
                    >
                      {day.day}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before and after the month.
                  <td key={`blank-${index}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
