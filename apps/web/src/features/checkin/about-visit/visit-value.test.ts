import { validateVisitDateTime } from '@venue-voice/domain';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatPickerDate,
  from24Hour,
  HOURS,
  initialPickerValue,
  isoWeekday,
  MINUTES,
  to24Hour,
  visitText,
} from './visit-value';

describe('about-visit picker value', () => {
  it('G2 offers hours 01–12 and minutes every 15', () => {
    expect(HOURS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(MINUTES).toEqual([0, 15, 30, 45]);
  });

  it.each([
    [12, 'am', 0],
    [1, 'am', 1],
    [11, 'am', 11],
    [12, 'pm', 12],
    [1, 'pm', 13],
    [11, 'pm', 23],
  ] as const)('%i %s is %i:00 and back', (hour, meridiem, h24) => {
    expect(to24Hour(hour, meridiem)).toBe(h24);
    expect(from24Hour(h24)).toEqual({ hour, meridiem });
  });

  it('writes the text the domain reads, and leaves a missing part empty so it is invalid', () => {
    const date = { year: 2025, month: 6, day: 9 };
    expect(visitText({ date, hour: 7, minute: 45, meridiem: 'pm' })).toBe('2025-06-09 19:45');
    const now = new Date(2025, 5, 10, 12, 0);
    expect(validateVisitDateTime(visitText({ date: null, hour: 7, minute: 0, meridiem: 'pm' }), now)).toEqual(
      {
        ok: false,
        error: { key: 'checkin.visitInvalid' },
      },
    );
  });

  it('shows the day as YYYY/MM/DD and does calendar arithmetic across months and years', () => {
    expect(formatPickerDate({ year: 2025, month: 3, day: 1 })).toBe('2025/03/01');
    expect(addDays({ year: 2025, month: 3, day: 1 }, -1)).toEqual({ year: 2025, month: 2, day: 28 });
    expect(addDays({ year: 2024, month: 12, day: 31 }, 1)).toEqual({ year: 2025, month: 1, day: 1 });
    expect(addMonths({ year: 2025, month: 1, day: 31 }, -1)).toEqual({ year: 2024, month: 12, day: 1 });
  });

  it('numbers weekdays from Monday (G2: the week starts Monday)', () => {
    expect(isoWeekday({ year: 2025, month: 6, day: 9 })).toBe(1);
    expect(isoWeekday({ year: 2025, month: 6, day: 15 })).toBe(7);
  });

  it('starts from the held visit, else no day and now minus the average service time (G4)', () => {
    const now = new Date(2025, 5, 10, 14, 40);
    expect(initialPickerValue('2025-06-09 19:30:00', now, 60)).toEqual({
      date: { year: 2025, month: 6, day: 9 },
      hour: 7,
      minute: 30,
      meridiem: 'pm',
    });
    expect(initialPickerValue(null, now, 75)).toEqual({ date: null, hour: 1, minute: 15, meridiem: 'pm' });
  });

  it('G4 just after midnight offers the time of now, not yesterday evening (which Today would refuse as future)', () => {
    const justAfterMidnight = new Date(2026, 10, 28, 0, 20);
    expect(initialPickerValue(null, justAfterMidnight, 60)).toEqual({
      date: null,
      hour: 12,
      minute: 15,
      meridiem: 'am',
    });
    // From 01:00 on, "now minus an hour" is today again and offered as before.
    expect(initialPickerValue(null, new Date(2026, 10, 28, 1, 20), 60)).toMatchObject({
      hour: 12,
      minute: 15,
    });
  });
});
