import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBranches, figureChange, mergeIndicators, periodBuckets } from './dashboard';
import { bucketStart, dateOfEpochDay } from './periods';

const branch = (name: string, responses: number, nps: number | null, csat: number | null) => ({
  name,
  responses,
  nps,
  npsCount: responses,
  csat,
  csatCount: responses,
});

describe('O5.11 branches ranked', () => {
  it('puts enough responses first, then few, then none; within each NPS, CSAT, responses, name', () => {
    const ranked = [
      branch('Empty B', 0, null, null),
      branch('One delighted guest', 1, 100, 5),
      branch('Empty A', 0, null, null),
      branch('Busy, lower NPS', 80, 20, 4.8),
      branch('Busy, tie, better CSAT', 50, 40, 4.6),
      branch('Busy, tie, worse CSAT', 90, 40, 4.1),
      branch('Busy, tie, same CSAT, fewer', 10, 40, 4.1),
      branch('Busy, no NPS', 30, null, 4.9),
      branch('Few, low', 3, -30, 2),
    ].sort(compareBranches);
    expect(ranked.map((b) => b.name)).toEqual([
      'Busy, tie, better CSAT',
      'Busy, tie, worse CSAT',
      'Busy, tie, same CSAT, fewer',
      'Busy, lower NPS',
      'Busy, no NPS',
      'One delighted guest',
      'Few, low',
      'Empty A',
      'Empty B',
    ]);
  });
});

describe('O5.12 indicators of several surveys merged by id', () => {
  it('names an id by the newest survey that has it, in the surveys’ order', () => {
    const newest = [
      { id: 2, name: 'Service' },
      { id: 1, name: 'Food & drink' },
    ];
    const older = [
      { id: 1, name: 'Food' },
      { id: 3, name: 'Atmosphere' },
    ];
    expect(mergeIndicators([newest, older])).toEqual([
      { id: 2, name: 'Service' },
      { id: 1, name: 'Food & drink' },
      { id: 3, name: 'Atmosphere' },
    ]);
    expect(mergeIndicators([])).toEqual([]);
  });
});

describe('O5.13 every bucket of a period', () => {
  it.each([
    [
      { from: '2026-01-30', to: '2026-02-02' },
      'day',
      ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'],
    ],
    [{ from: '2026-01-01', to: '2026-01-12' }, 'week', ['2025-12-29', '2026-01-05', '2026-01-12']],
    [{ from: '2026-01-31', to: '2026-03-01' }, 'month', ['2026-01-01', '2026-02-01', '2026-03-01']],
    [{ from: '2026-03-04', to: '2026-03-04' }, 'month', ['2026-03-01']],
  ] as const)('%o by %s', (period, bucket, starts) => {
    expect(periodBuckets(period, bucket)).toEqual(starts);
  });

  it('holds each day of the period in exactly one bucket, in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 731 }),
        fc.constantFrom('day', 'week', 'month' as const),
        (start, length, bucket) => {
          const period = { from: dateOfEpochDay(start), to: dateOfEpochDay(start + length) };
          const starts = periodBuckets(period, bucket);
          expect([...starts].sort()).toEqual(starts);
          expect(new Set(starts).size).toBe(starts.length);
          for (let day = start; day <= start + length; day += 1) {
            expect(starts).toContain(bucketStart(dateOfEpochDay(day), bucket));
          }
          expect(starts[0]).toBe(bucketStart(period.from, bucket));
          expect(starts.at(-1)).toBe(bucketStart(period.to, bucket));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('O5.14 the change since the period before', () => {
  it.each([
    [42, 30, 12],
    [4.3, 4.1, 0.2],
    [-10, 5, -15],
    [null, 5, null],
    [5, null, null],
  ])('%s after %s is %s', (now, before, change) => {
    expect(figureChange(now, before)).toBe(change);
  });
});
