import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNps, enoughResponses, MIN_REPORT_SAMPLE, meanOf, npsFromCounts, npsGroup } from './figures';

describe('O5.1 an NPS answer’s group', () => {
  it.each([
    [0, 'detractor'],
    [6, 'detractor'],
    [6.9, 'detractor'],
    [7, 'passive'],
    [8.5, 'passive'],
    [9, 'promoter'],
    [10, 'promoter'],
  ] as const)('%s is a %s', (score, group) => {
    expect(npsGroup(score)).toBe(group);
  });
});

describe('O5.2 NPS from the groups', () => {
  it.each([
    [{ promoters: 0, passives: 0, detractors: 0 }, null],
    [{ promoters: 5, passives: 0, detractors: 0 }, 100],
    [{ promoters: 0, passives: 0, detractors: 3 }, -100],
    [{ promoters: 2, passives: 1, detractors: 1 }, 25],
    [{ promoters: 1, passives: 1, detractors: 1 }, 0],
    [{ promoters: 2, passives: 0, detractors: 1 }, 33],
  ])('%o gives %s', (counts, score) => {
    expect(npsFromCounts(counts)).toBe(score);
  });

  it('is always a whole number from −100 to 100 over the scores 0–10', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1 }), (scores) => {
        const score = npsFromCounts(countNps(scores)) as number;
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(-100);
        expect(score).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('O5.3/O5.4 means to one decimal', () => {
  it.each([
    [0, 0, null],
    [10, 4, 2.5],
    [200, 3, 66.7],
    [7, 1, 7],
  ])('sum %s over %s is %s', (sum, count, mean) => {
    expect(meanOf(sum, count)).toBe(mean);
  });
});

describe('O5.5 a figure from fewer than 5 responses carries a warning', () => {
  it.each([
    [0, false],
    [MIN_REPORT_SAMPLE - 1, false],
    [MIN_REPORT_SAMPLE, true],
  ])('%s responses: enough is %s', (count, enough) => {
    expect(enoughResponses(count)).toBe(enough);
  });
});
