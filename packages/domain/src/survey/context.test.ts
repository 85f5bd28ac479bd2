import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import { hoursSinceMidnight, isoDayOfWeek, parseLocalDateTime, surveyContext } from './context';
import { transaction } from './fixtures';

describe('G4.27 day of week is ISO, Monday 1 to Sunday 7', () => {
  it.each([
    ['2025-06-09', 1],
    ['2025-06-10', 2],
    ['2025-06-13', 5],
    ['2025-06-14', 6],
    ['2025-06-15', 7],
    ['2024-02-29', 4],
    ['2000-01-01', 6],
  ])('%s is %i', (date, expected) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    expect(isoDayOfWeek({ year, month, day })).toBe(expected);
  });
});

describe('G4.26 time of day in hours since midnight', () => {
  it.each([
    ['00:00:00', 0],
    ['19:30:00', 19.5],
    ['12:15:00', 12.25],
    ['23:59:59', 23 + 59 / 60 + 59 / 3600],
  ])('%s is %d', (time, expected) => {
    const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
    expect(hoursSinceMidnight({ hour, minute, second })).toBeCloseTo(expected, 10);
  });
});

describe('G4.25 survey context', () => {
  it('takes party size, spend and per head from the check, time and day from the visit', () => {
    const context = surveyContext({
      transaction: transaction(4, 120),
      visitDateTime: '2025-06-15 13:45:00',
      random: seededRandom(1),
    });
    expect(context).toMatchObject({
      partySize: 4,
      totalSpent: 120,
      averagePerHead: 30,
      timeOfDay: 13.75,
      dayOfWeek: 7,
    });
    expect(context.indicatorScores).toEqual({});
  });

  it('without a transaction the check figures are unknown', () => {
    const context = surveyContext({
      transaction: null,
      visitDateTime: '2025-06-15 13:45:00',
      random: seededRandom(1),
    });
    expect(context).toMatchObject({ partySize: null, totalSpent: null, averagePerHead: null });
  });

  it('a party size given by the caller wins over the covers', () => {
    const context = surveyContext({
      transaction: transaction(4, 120),
      visitDateTime: '2025-06-15 13:45:00',
      random: seededRandom(1),
      partySize: 6,
    });
    expect(context.partySize).toBe(6);
  });

  it.each(['2025-06-15', '2025-02-30 10:00:00', '2025-06-15 24:00:00', '15-06-2025 10:00:00', ''])(
    'rejects the visit date-time %j',
    (text) => {
      expect(() => parseLocalDateTime(text)).toThrow(RangeError);
    },
  );
});
