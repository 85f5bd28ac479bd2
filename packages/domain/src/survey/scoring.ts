import { SLIDER_MAX, SLIDER_MIN } from '../constants';
import { IndicatorKind } from '../enums';
import type { Indicator, IndicatorRule } from '../schemas/survey';
import type { IndicatorScores } from './types';

const PERCENT = 100;

/** The score given for an indicator, or null when it was not answered (missing or not a finite number). */
export function scoreOf(scores: IndicatorScores, indicatorId: number): number | null {
  const score = scores[indicatorId];
  return typeof score === 'number' && Number.isFinite(score) ? score : null;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/**
 * G4.35 The indicators that make up the CSAT score: answered, with a positive csatWeight and a real range
 * (trueMax above trueMin), of any kind but NPS. The venue opts an indicator in by its csatWeight; NPS
 * is reported on its own (npsScore) and a 0-10 likelihood is not a satisfaction rating.
 */
export const countsTowardsCsat = (indicator: Indicator, scores: IndicatorScores): boolean =>
  indicator.kind !== IndicatorKind.NPS &&
  indicator.csatWeight > 0 &&
  indicator.trueMax > indicator.trueMin &&
  scoreOf(scores, indicator.id) !== null;

/**
 * G4.35/G4.36 CSAT = round(100 × Σ csatWeight·(value − trueMin) / Σ csatWeight·(trueMax − trueMin)) over
 * the indicators that count; null when none counts. A value outside its indicator's range is clamped
 * into it, so the score is always within 0..100.
 */
export function csatScore(indicators: readonly Indicator[], scores: IndicatorScores): number | null {
  let achieved = 0;
  let possible = 0;
  for (const indicator of indicators) {
    if (!countsTowardsCsat(indicator, scores)) continue;
    const value = clamp(scoreOf(scores, indicator.id) as number, indicator.trueMin, indicator.trueMax);
    achieved += indicator.csatWeight * (value - indicator.trueMin);
    possible += indicator.csatWeight * (indicator.trueMax - indicator.trueMin);
  }
  return possible > 0 ? Math.round((PERCENT * achieved) / possible) : null;
}

/**
 * G4.37 The NPS score is the score of the first answered NPS indicator, on the 0-10 slider scale (a value
 * outside it is clamped, as the answer payload allows only 0..10); null when there is none.
 */
export function npsScore(indicators: readonly Indicator[], scores: IndicatorScores): number | null {
  for (const indicator of indicators) {
    if (indicator.kind !== IndicatorKind.NPS) continue;
    const score = scoreOf(scores, indicator.id);
    if (score !== null) return clamp(score, SLIDER_MIN, SLIDER_MAX);
  }
  return null;
}

/**
 * G4.23 An indicator rule (indicatorRuleSchema) gates on one indicator's score: at or above scoreRequired
 * when lowerBound, at or below otherwise, excluding equality when strict. No indicator or no required
 * score is no gate (passes); an indicator not yet answered keeps the gate closed.
 */
export function passesIndicatorRule(rule: IndicatorRule, scores: IndicatorScores): boolean {
  if (rule.indicatorId === null || rule.scoreRequired === null) return true;
  const score = scoreOf(scores, rule.indicatorId);
  if (score === null) return false;
  if (rule.lowerBound) return rule.strict ? score > rule.scoreRequired : score >= rule.scoreRequired;
  return rule.strict ? score < rule.scoreRequired : score <= rule.scoreRequired;
}
