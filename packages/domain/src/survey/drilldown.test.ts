import { describe, expect, it } from 'vitest';
import { QuestionType } from '../enums';
import { drilldownTriggered, isDrilldownType, meetsThreshold } from './drilldown';
import { q, surveyWith } from './fixtures';

const { indicators } = surveyWith(); // 1 survey rating, 2 NPS, 3 CSAT (1-5, weight 1 each)
const drill = (fields: Parameters<typeof q>[1]) => q(10, { questionType: QuestionType.DRILLDOWN, ...fields });

describe('G4.31 drill-down on a survey rating', () => {
  it.each([
    [[1, 2], 1, true],
    [[1, 2], 2, true],
    [[1, 2], 3, false],
    [[], 1, false],
  ])('triggerStars %j with score %i → %s', (stars, score, expected) => {
    expect(drilldownTriggered(drill({ indicatorId: 1, triggerStars: stars }), indicators, { 1: score })).toBe(
      expected,
    );
  });
});

describe('G4.32 drill-down on NPS', () => {
  it.each([
    ['g', 9, 9, true],
    ['g', 9, 10, true],
    ['g', 9, 8, false],
    ['l', 6, 6, true],
    ['l', 6, 0, true],
    ['l', 6, 7, false],
    ['x', 6, 5, true],
    ['', 6, 7, false],
  ])("direction '%s', threshold %i, score %i → %s", (direction, threshold, score, expected) => {
    expect(
      drilldownTriggered(drill({ indicatorId: 2, nps: { score: threshold, direction } }), indicators, {
        2: score,
      }),
    ).toBe(expected);
  });

  it('G4.32 meetsThreshold: g is at or above, anything else at or below', () => {
    expect(meetsThreshold(5, { score: 5, direction: 'g' })).toBe(true);
    expect(meetsThreshold(5, { score: 5, direction: 'l' })).toBe(true);
    expect(meetsThreshold(4, { score: 5, direction: 'g' })).toBe(false);
    expect(meetsThreshold(6, { score: 5, direction: 'G' })).toBe(false);
  });
});

describe('G4.33 drill-down on CSAT compares the survey CSAT score (0-100)', () => {
  // Food (rating) and Overall (CSAT kind) both weight 1 on 1-5: CSAT = round(100·Σ(v−1)/8).
  it.each([
    [{ 1: 5, 3: 5 }, 'g', 90, true], // 100
    [{ 1: 4, 3: 5 }, 'g', 90, false], // 88
    [{ 1: 1, 3: 2 }, 'l', 20, true], // 13
    [{ 1: 3, 3: 3 }, 'l', 49, false], // 50
  ])('scores %j, %s %i → %s', (scores, direction, threshold, expected) => {
    expect(
      drilldownTriggered(
        drill({ indicatorId: 3, csat: { score: threshold, direction } }),
        indicators,
        scores,
      ),
    ).toBe(expected);
  });

  it('needs the CSAT indicator itself answered', () => {
    expect(
      drilldownTriggered(drill({ indicatorId: 3, csat: { score: 0, direction: 'g' } }), indicators, { 1: 5 }),
    ).toBe(false);
  });
});

describe('G4.34 drill-downs without a trigger', () => {
  it.each([
    ['no indicator: a follow-up drill-down passes', drill({}), {}, true],
    [
      'drill-down plus without indicator passes',
      q(11, { questionType: QuestionType.DRILLDOWN_PLUS }),
      {},
      true,
    ],
    ['unknown indicator', drill({ indicatorId: 99, triggerStars: [1] }), { 99: 1 }, false],
    ['indicator not answered', drill({ indicatorId: 1, triggerStars: [1, 2, 3, 4, 5] }), {}, false],
    ['NPS without an nps threshold', drill({ indicatorId: 2 }), { 2: 3 }, false],
    ['CSAT without a csat threshold', drill({ indicatorId: 3 }), { 3: 3 }, false],
    [
      'not a drill-down type: indicator ignored',
      q(12, { indicatorId: 1, triggerStars: [5] }),
      { 1: 1 },
      true,
    ],
  ])('%s', (_name, question, scores, expected) => {
    expect(drilldownTriggered(question, indicators, scores)).toBe(expected);
  });

  it('drill-down types are 1 and 6', () => {
    expect(Object.values(QuestionType).filter(isDrilldownType)).toEqual([1, 6]);
  });
});
