import { describe, expect, it } from 'vitest';
import { defaultBucket, presetPeriod, readFilter, writeFilter } from './filters';

describe('the dashboard’s periods', () => {
  it.each([
    ['7d', '2026-03-10', { from: '2026-03-04', to: '2026-03-10' }],
    ['30d', '2026-03-10', { from: '2026-02-09', to: '2026-03-10' }],
    ['90d', '2026-03-10', { from: '2025-12-11', to: '2026-03-10' }],
    ['thisMonth', '2026-03-10', { from: '2026-03-01', to: '2026-03-10' }],
    ['lastMonth', '2026-03-10', { from: '2026-02-01', to: '2026-02-28' }],
    ['lastMonth', '2026-01-05', { from: '2025-12-01', to: '2025-12-31' }],
    ['12m', '2026-03-10', { from: '2025-03-11', to: '2026-03-10' }],
    ['12m', '2028-02-29', { from: '2027-03-01', to: '2028-02-29' }],
  ] as const)('%s on %s', (preset, today, period) => {
    expect(presetPeriod(preset, today)).toEqual(period);
  });

  it.each([
    [{ from: '2026-03-01', to: '2026-03-31' }, 'day'],
    [{ from: '2026-01-01', to: '2026-03-31' }, 'week'],
    [{ from: '2025-03-11', to: '2026-03-10' }, 'month'],
  ] as const)('%o reads by %s', (period, bucket) => {
    expect(defaultBucket(period)).toBe(bucket);
  });
});

describe('the dashboard’s address', () => {
  const today = '2026-03-10';

  it('reads the default from nothing, and writes it as nothing', () => {
    const filter = readFilter(new URLSearchParams(), today);
    expect(filter).toEqual({
      preset: '30d',
      from: '2026-02-09',
      to: '2026-03-10',
      branchId: null,
      surveyId: null,
      bucket: 'day',
    });
    expect(writeFilter(filter).toString()).toBe('');
  });

  it('keeps a custom period, branch, survey and bucket through a round trip', () => {
    const address = 'period=custom&from=2025-01-01&to=2025-01-31&branchId=2&surveyId=7&bucket=week';
    const filter = readFilter(new URLSearchParams(address), today);
    expect(filter).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      branchId: 2,
      surveyId: 7,
      bucket: 'week',
    });
    expect(writeFilter(filter).toString()).toBe(address);
  });

  it('falls back to the default for what it cannot read', () => {
    const filter = readFilter(
      new URLSearchParams('period=custom&from=2025-02-30&to=2025-03-01&branchId=x&bucket=year'),
      today,
    );
    expect(filter).toMatchObject({ preset: '30d', branchId: null, bucket: 'day', from: '2026-02-09' });
  });
});
