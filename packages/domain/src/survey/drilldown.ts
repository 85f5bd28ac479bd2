import { IndicatorKind, QuestionType, ScoreDirection } from '../enums';
import type { Question, ScoreThreshold } from '../schemas/question';
import type { Indicator } from '../schemas/survey';
import { csatScore, scoreOf } from './scoring';
import type { IndicatorScores } from './types';

/** Question types that are drill-downs: shown only when their indicator's score triggers them. */
export const isDrilldownType = (type: number): boolean =>
  type === QuestionType.DRILLDOWN || type === QuestionType.DRILLDOWN_PLUS;

/** G4.32/G4.33 At or beyond a threshold: 'g' means at or above, any other direction at or below. */
export const meetsThreshold = (score: number, threshold: ScoreThreshold): boolean =>
  threshold.direction === ScoreDirection.GREATER ? score >= threshold.score : score <= threshold.score;

/**
 * G4.31–G4.34 Whether a drill-down's indicator score triggers it, by the indicator's kind: a survey or
 * review rating when its score is in triggerStars; NPS when its score meets the nps threshold; CSAT
 * when the survey's CSAT score (0-100) meets the csat threshold, once that indicator is answered.
 * A drill-down with no indicator has no trigger of its own (it is a follow-up) and passes; an unknown
 * or unanswered indicator, or no threshold for its kind, does not trigger.
 */
export function drilldownTriggered(
  question: Question,
  indicators: readonly Indicator[],
  scores: IndicatorScores,
): boolean {
  if (!isDrilldownType(question.questionType) || question.indicatorId === null) return true;
  const indicator = indicators.find((i) => i.id === question.indicatorId);
  if (indicator === undefined) return false;
  const score = scoreOf(scores, indicator.id);
  if (score === null) return false;
  switch (indicator.kind) {
    case IndicatorKind.NPS:
      return question.nps !== null && meetsThreshold(score, question.nps);
    case IndicatorKind.CSAT: {
      const csat = csatScore(indicators, scores);
      return question.csat !== null && csat !== null && meetsThreshold(csat, question.csat);
    }
    default:
      return question.triggerStars.includes(score);
  }
}
