import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateTime } from '../schemas/common';
import {
  formatLocalParts,
  isNowDateTime,
  localDateTimeAt,
  lookupVisitDateTime,
  readLookupVisit,
  resolveVisitDateTime,
  usableVisitDateTime,
} from './visit-time';

// 14:30:15 UTC on 10 June 2025 = 15:30:15 in London (BST).
const now = new Date(Date.UTC(2025, 5, 10, 14, 30, 15));
const LONDON = 'Europe/London';
const base = { averageServiceTime: 45 };

describe('G3/G4 start time and visit time', () => {
  it.each([
    [LONDON, '2025-06-10 15:30:15'],
    ['UTC', '2025-06-10 14:30:15'],
    ['America/New_York', '2025-06-10 10:30:15'],
  ])('G4.82 startTime is YYYY-MM-DD HH:mm:ss wall clock in %s', (zone, expected) => {
    expect(localDateTimeAt(now, zone)).toBe(expected);
  });

  it('G4.82 without a zone the runtime zone is read', () => {
    const local = new Date(2025, 0, 2, 3, 4, 5);
    expect(localDateTimeAt(local)).toBe('2025-01-02 03:04:05');
  });

  it('G4.82 property: every formatted instant matches the localDateTime schema', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('0001-01-02T00:00:00Z'),
          max: new Date('9999-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(localDateTime.safeParse(localDateTimeAt(date, 'UTC')).success).toBe(true);
        },
      ),
    );
    expect(formatLocalParts({ year: 987, month: 1, day: 2, hour: 3, minute: 4, second: 5 })).toBe(
      '0987-01-02 03:04:05',
    );
  });

  it.each([
    [{ ...base, inBranch: true }, '2025-06-10 14:45:15'],
    [{ ...base, inBranch: true, dateTime: '' }, '2025-06-10 14:45:15'],
    [{ ...base, inBranch: true, dateTime: 'yesterday' }, '2025-06-10 14:45:15'],
    [{ ...base, inBranch: true, dateTime: '2025-06-11 09:00' }, '2025-06-10 14:45:15'],
    [{ averageServiceTime: 0, inBranch: true }, '2025-06-10 15:30:15'],
    [{ averageServiceTime: 24 * 60, inBranch: true }, '2025-06-09 15:30:15'],
    [{ ...base, inBranch: false }, null],
    [{ ...base }, null],
  ])(
    'G4.84 in the branch without a usable date the visit is now minus averageServiceTime: %j',
    (input, expected) => {
      expect(resolveVisitDateTime(input, now, LONDON)).toBe(expected);
    },
  );

  it('G4.84 the service time is subtracted on the instant, so a DST change inside it is right', () => {
    // 01:30 UTC on 30 March 2025 is 02:30 BST; an hour earlier is 00:30 GMT (01:30 local never existed).
    const afterChange = new Date(Date.UTC(2025, 2, 30, 1, 30, 0));
    expect(resolveVisitDateTime({ averageServiceTime: 60, inBranch: true }, afterChange, LONDON)).toBe(
      '2025-03-30 00:30:00',
    );
  });

  it.each([
    [{ ...base, noVisit: true }],
    [{ ...base, noVisit: true, dateTime: '2025-06-01 12:00' }],
    [{ ...base, noVisit: true, inBranch: true }],
    [{ ...base, dateTime: 'now' }],
    [{ ...base, dateTime: ' NOW ' }],
    [{ ...base, dateTime: 'Now', inBranch: true }],
  ])('G4.85 noVisit or dateTime now mean the current time: %j', (input) => {
    expect(resolveVisitDateTime(input, now, LONDON)).toBe('2025-06-10 15:30:15');
  });

  it.each([
    ['now', true],
    [' Now ', true],
    ['nowish', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('G4.85 %j is the now value: %s', (value, expected) => {
    expect(isNowDateTime(value)).toBe(expected);
  });

  it.each([
    ['2025-06-10 12:00', '2025-06-10 12:00:00'],
    ['10-06-2025 12:00:30', '2025-06-10 12:00:30'],
    ['06-25-2024 08:15', '2024-06-25 08:15:00'],
    ['2025-06-10T15:30:15', '2025-06-10 15:30:15'],
    ['2025-06-10 15:30:16', null],
    ['2025-02-30 10:00', null],
    ['10/06/2025 12:00', null],
    [' ', null],
    [null, null],
  ])('G4.86 a given date-time %j is used when readable and not after now', (value, expected) => {
    expect(usableVisitDateTime(value, now, LONDON)).toBe(expected);
    expect(resolveVisitDateTime({ ...base, dateTime: value }, now, LONDON)).toBe(expected);
  });

  it('G4.84 G4.86 property: a resolved visit is never after now and always localDateTime', () => {
    const input = fc.record({
      dateTime: fc.option(fc.oneof(fc.constant('now'), fc.string(), fc.constant('2030-01-01 00:00'))),
      noVisit: fc.boolean(),
      inBranch: fc.boolean(),
      averageServiceTime: fc.nat({ max: 600 }),
    });
    fc.assert(
      fc.property(input, (visit) => {
        const resolved = resolveVisitDateTime(visit, now, LONDON);
        if (resolved === null) return;
        expect(localDateTime.safeParse(resolved).success).toBe(true);
        expect(resolved <= localDateTimeAt(now, LONDON)).toBe(true);
      }),
    );
  });
});

describe("G4.89 the PIN or table lookup's visit date-time (survey.transaction, decision 0265)", () => {
  it.each([
    ['now', false, { now: true }],
    [' NOW ', false, { now: true }],
    [undefined, true, { now: true }],
    ['2025-06-13 19:30', true, { now: true }],
    [undefined, false, { now: false, dateTime: null }],
    ['2025-06-13 19:30', false, { now: false, dateTime: '2025-06-13 19:30:00' }],
    ['13-06-2025 19:30:15', false, { now: false, dateTime: '2025-06-13 19:30:15' }],
    // A future date is the guest's to judge (G4.86): the lookup reads it, it does not refuse it.
    ['2030-01-01T08:00', false, { now: false, dateTime: '2030-01-01 08:00:00' }],
    ['yesterday', false, null],
    ['2025-13-40 10:00', false, null],
  ])('G4.89 date %j with noVisit %s reads as %j', (date, noVisit, expected) => {
    expect(readLookupVisit(date, noVisit)).toEqual(expected);
  });

  const summer = new Date('2025-06-14T18:30:00Z');
  const winter = new Date('2025-01-14T23:30:00Z');
  it.each([
    ['Europe/London', summer, '2025-06-14 19:30:00'],
    ['Europe/London', winter, '2025-01-14 23:30:00'],
    ['Asia/Kolkata', summer, '2025-06-15 00:00:00'],
    ['Asia/Kolkata', winter, '2025-01-15 05:00:00'],
    ['America/New_York', summer, '2025-06-14 14:30:00'],
    ['America/New_York', winter, '2025-01-14 18:30:00'],
    ['UTC', summer, '2025-06-14 18:30:00'],
    ['UTC', winter, '2025-01-14 23:30:00'],
  ])('G4.89 now on a %s branch at %s is its wall clock %s', (zone, now, expected) => {
    expect(lookupVisitDateTime({ now: true }, now, zone)).toBe(expected);
  });

  it.each(['Europe/London', 'Asia/Kolkata', 'UTC'])(
    'G4.89 a date-time the guest gave, or none, is answered as it is on a %s branch',
    (zone) => {
      expect(lookupVisitDateTime({ now: false, dateTime: '2025-06-13 19:30:00' }, summer, zone)).toBe(
        '2025-06-13 19:30:00',
      );
      expect(lookupVisitDateTime({ now: false, dateTime: null }, summer, zone)).toBeNull();
    },
  );
});
