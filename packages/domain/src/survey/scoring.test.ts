import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IndicatorKind } from '../enums';
import type { Indicator } from '../schemas/survey';
import { surveyWith } from './fixtures';
import { countsTowardsCsat, csatScore, npsScore, passesIndicatorRule } from './scoring';

const indicator = (id: number, fields: Partial<Indicator> = {}): Indicator => ({
  id,
  name: `I${id}`,
  kind: IndicatorKind.SURVEY_RATING,
  weight: 50,
  isRequired: true,
  trueMin: 1,
  trueMax: 5,
  csatWeight: 1,
  topics: [],
  ...fields,
});

describe('G4.35 CSAT score', () => {
  it.each([
    ['one rating at the top', [indicator(1)], { 1: 5 }, 100],
    ['one rating at the bottom', [indicator(1)], { 1: 1 }, 0],
    ['one rating in the middle', [indicator(1)], { 1: 3 }, 50],
    [
      'weights count: (2·4 + 1·0) / (2·4 + 1·4)',
      [indicator(1, { csatWeight: 2 }), indicator(2)],
      { 1: 5, 2: 1 },
      67,
    ],
    ['rounded: 1 of 3 steps is 33', [indicator(1, { trueMin: 0, trueMax: 3 })], { 1: 1 }, 33],
    ['rounded half up: 1 of 8 steps is 13', [indicator(1, { trueMin: 0, trueMax: 8 })], { 1: 1 }, 13],
    ['unanswered indicators do not count', [indicator(1), indicator(2)], { 1: 5 }, 100],
    ['csatWeight 0 does not count', [indicator(1), indicator(2, { csatWeight: 0 })], { 1: 5, 2: 1 }, 100],
    [
      'NPS never counts',
      [indicator(1), indicator(2, { kind: IndicatorKind.NPS, trueMin: 0, trueMax: 10 })],
      { 1: 5, 2: 0 },
      100,
    ],
    ['the CSAT kind counts', [indicator(1, { kind: IndicatorKind.CSAT })], { 1: 4 }, 75],
    ['review ratings count', [indicator(1, { kind: IndicatorKind.REVIEW_RATING })], { 1: 2 }, 25],
  ])('%s', (_name, indicators, scores, expected) => {
    expect(csatScore(indicators, scores)).toBe(expected);
  });

  it.each([
    ['nothing answered', [indicator(1)], {}],
    ['only NPS answered', [indicator(1, { kind: IndicatorKind.NPS })], { 1: 7 }],
    ['no range (trueMax = trueMin)', [indicator(1, { trueMin: 3, trueMax: 3 })], { 1: 3 }],
    ['a score that is not a number', [indicator(1)], { 1: Number.NaN }],
  ])('is null with %s', (_name, indicators, scores) => {
    expect(csatScore(indicators, scores)).toBeNull();
  });

  it('an indicator counts only when answered, weighted, ranged and not NPS', () => {
    expect(countsTowardsCsat(indicator(1), { 1: 3 })).toBe(true);
    expect(countsTowardsCsat(indicator(1), {})).toBe(false);
  });
});

describe('G4.36 CSAT law', () => {
  it('G4.36 is always an integer within 0..100, whatever the scores and weights', () => {
    const arbIndicator = fc
      .record({
        kind: fc.constantFrom(...Object.values(IndicatorKind)),
        trueMin: fc.integer({ min: -5, max: 5 }),
        span: fc.integer({ min: 0, max: 10 }),
        csatWeight: fc.double({ min: 0, max: 10, noNaN: true }),
        score: fc.option(fc.double({ min: -100, max: 100, noNaN: true })),
      })
      .map((r) => ({
        r,
        i: indicator(0, {
          kind: r.kind,
          trueMin: r.trueMin,
          trueMax: r.trueMin + r.span,
          csatWeight: r.csatWeight,
        }),
      }));
    fc.assert(
      fc.property(fc.array(arbIndicator, { maxLength: 8 }), (items) => {
        const indicators = items.map(({ i }, n) => ({ ...i, id: n }));
        const scores = Object.fromEntries(
          items.flatMap(({ r }, n) => (r.score === null ? [] : [[n, r.score]])),
        ) as Record<number, number>;
        const score = csatScore(indicators, scores);
        return score === null || (Number.isInteger(score) && score >= 0 && score <= 100);
      }),
    );
  });
});

describe('G4.37 NPS score', () => {
  const nps = indicator(9, { kind: IndicatorKind.NPS, trueMin: 0, trueMax: 10, csatWeight: 0 });
  it.each([
    ['the NPS indicator score', { 9: 7 }, 7],
    ['zero is a score', { 9: 0 }, 0],
    ['clamped to the 0-10 scale', { 9: 12 }, 10],
    ['null when unanswered', {}, null],
  ])('%s', (_name, scores, expected) => {
    expect(npsScore([indicator(1), nps], scores)).toBe(expected);
  });

  it('is null without an NPS indicator', () => {
    expect(npsScore(surveyWith({ indicators: [indicator(1)] }).indicators, { 1: 5 })).toBeNull();
  });
});

describe('G4.23 indicator rule gate', () => {
  const rule = (
    scoreRequired: number | null,
    lowerBound: boolean,
    strict: boolean,
    indicatorId: number | null = 1,
  ) => ({
    indicatorId,
    scoreRequired,
    lowerBound,
    strict,
  });
  it.each([
    ['lower bound, at the bound', rule(4, true, false), 4, true],
    ['lower bound, above', rule(4, true, false), 5, true],
    ['lower bound, below', rule(4, true, false), 3, false],
    ['lower bound strict, at the bound', rule(4, true, true), 4, false],
    ['lower bound strict, above', rule(4, true, true), 5, true],
    ['upper bound, at the bound', rule(2, false, false), 2, true],
    ['upper bound, above', rule(2, false, false), 3, false],
    ['upper bound strict, at the bound', rule(2, false, true), 2, false],
    ['upper bound strict, below', rule(2, false, true), 1, true],
  ])('%s', (_name, r, score, expected) => {
    expect(passesIndicatorRule(r, { 1: score })).toBe(expected);
  });

  it.each([
    ['no indicator', rule(4, true, false, null), {}, true],
    ['no required score', rule(null, true, false), {}, true],
    ['indicator not answered', rule(4, true, false), {}, false],
  ])('%s', (_name, r, scores, expected) => {
    expect(passesIndicatorRule(r, scores)).toBe(expected);
  });
});
