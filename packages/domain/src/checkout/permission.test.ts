import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import type { Survey } from '../schemas/survey';
import { isRecommendationPermitted, shouldOfferRecommendation } from './permission';

const web = { appMode: false, inBranch: false };
const recommendation = (DEMO_SURVEYS[0] as { definition: Survey }).definition.recommendation;

describe('recommendation and sharing', () => {
  it.each([
    [false, false, true],
    [true, false, false],
    [false, true, false],
    [true, true, false],
  ])('G4.66 app mode %s, in-branch %s: permitted %s', (appMode, inBranch, permitted) => {
    expect(isRecommendationPermitted({ appMode, inBranch })).toBe(permitted);
  });

  it.each([
    // demo rule: NPS (indicator 5) at or above 9
    ['NPS 9', { 5: 9 }, web, true],
    ['NPS 10', { 5: 10 }, web, true],
    ['NPS 8', { 5: 8 }, web, false],
    ['NPS not given', {}, web, false],
    ['NPS 10 in app mode', { 5: 10 }, { appMode: true, inBranch: false }, false],
    ['NPS 10 in-branch', { 5: 10 }, { appMode: false, inBranch: true }, false],
  ])('G4.67 demo recommendation, %s: offered %s', (_name, scores, context, offered) => {
    expect(shouldOfferRecommendation(recommendation, context, scores)).toBe(offered);
  });

  it.each([
    [{ indicatorId: 5, scoreRequired: 9, lowerBound: true, strict: true }, 9, false],
    [{ indicatorId: 5, scoreRequired: 9, lowerBound: true, strict: true }, 10, true],
    [{ indicatorId: 5, scoreRequired: 6, lowerBound: false, strict: false }, 6, true],
    [{ indicatorId: 5, scoreRequired: 6, lowerBound: false, strict: true }, 6, false],
    [{ indicatorId: null, scoreRequired: null, lowerBound: true, strict: false }, 0, true],
  ])('G4.67 rule %j with score %i: offered %s', (indicatorRule, score, offered) => {
    expect(shouldOfferRecommendation({ enabled: true, indicatorRule }, web, { 5: score })).toBe(offered);
  });

  it('G4.67 a disabled recommendation is never offered', () => {
    expect(shouldOfferRecommendation({ ...recommendation, enabled: false }, web, { 5: 10 })).toBe(false);
  });
});
