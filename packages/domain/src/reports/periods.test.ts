import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, dateOfEpochDay, epochDay, periodFault, previousPeriod, visitDay } from './periods';

describe('O5.6 a visit’s day is its local date', () => {
  it('takes the date the guest gave, whatever UTC says', () => {
    expect(visitDay('2026-03-29 00:30:00')).toBe('2026-03-29');
  });
});

describe('O5.10 a report period', () => {
  it.each([
    [{ from: '2026-01-01', to: '2026-01-31' }, null],
    [{ from: '2026-01-01', to: '2026-01-01' }, null],
    [{ from: '2024-01-01', to: '2025-12-31' }, null],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'reports.dateInvalid'],
    [{ from: '2026-1-01', to: '2026-03-01' }, 'reports.dateInvalid'],
    [{ from: '2026-01-01', to: 'today' }, 'reports.dateInvalid'],
    [{ from: '2026-02-01', to: '2026-01-31' }, 'reports.periodBackwards'],
    [{ from: '2023-12-31', to: '2026-01-01' }, 'reports.periodTooLong'],
  ])('%o: %s', (period, fault) => {
    expect(periodFault(period)).toBe(fault);
  });
});

describe('O5.7 the period before', () => {
  it.each([
    [
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-01-29', to: '2026-02-28' },
    ],
    [
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2025-12-31', to: '2025-12-31' },
    ],
  ])('%o follows %o', (period, before) => {
    expect(previousPeriod(period)).toEqual(before);
  });

  it('is as long and ends the day before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 731 }), (start, length) => {
        const period = { from: dateOfEpochDay(start), to: dateOfEpochDay(start + length) };
        const before = previousPeriod(period);
        expect((epochDay(before.to) as number) + 1).toBe(start);
        expect((epochDay(before.to) as number) - (epochDay(before.from) as number)).toBe(length);
      }),
    );
  });
});

describe('O5.8 trend buckets', () => {
  it.each([
    ['2026-11-28', 'day', '2026-11-28'],
    ['2026-11-28', 'week', '2026-11-23'],
    ['2026-11-23', 'week', '2026-11-23'],
    ['2026-01-01', 'week', '2025-12-29'],
    ['2026-11-28', 'month', '2026-11-01'],
  ] as const)('%s by %s starts %s', (date, bucket, start) => {
    expect(bucketStart(date, bucket)).toBe(start);
  });
});
