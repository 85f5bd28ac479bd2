import type { Question } from '../schemas/question';
import type { Maxima, Survey } from '../schemas/survey';
import { isQuestionEligible, type QuestionKind, questionKind } from './eligibility';
import { passesIndicatorRule } from './scoring';
import type { PlanEntry, SurveyContext } from './types';

const KINDS: readonly QuestionKind[] = [
  'other',
  'contextSensitive',
  'productRelated',
  'drilldown',
  'menuInsight',
];

/** Counts of what is already in the filtered plan, checked against the survey's maxima. */
class Tally {
  total = 0;
  readonly perKind = new Map<QuestionKind, number>();
  readonly perIndicator = new Map<number, number>();

  add(kind: QuestionKind, question: Question): void {
    this.total += 1;
    this.perKind.set(kind, (this.perKind.get(kind) ?? 0) + 1);
    if (kind === 'drilldown' && question.indicatorId !== null) {
      this.perIndicator.set(question.indicatorId, (this.perIndicator.get(question.indicatorId) ?? 0) + 1);
    }
  }

  /**
   * G4.19/G4.21/G4.22 Room for one more: under maximumQuestionCount, under the kind's maximum (0 means
   * none of that kind) and, for a drill-down on an indicator, under maximumPerIndicator.
   */
  fits(kind: QuestionKind, question: Question, survey: Survey): boolean {
    const maxima: Maxima = survey.maxima;
    if (this.total >= survey.maximumQuestionCount) return false;
    if ((this.perKind.get(kind) ?? 0) >= maxima[kind].maximum) return false;
    if (kind !== 'drilldown' || question.indicatorId === null) return true;
    return (this.perIndicator.get(question.indicatorId) ?? 0) < maxima.drilldown.maximumPerIndicator;
  }
}

/**
 * Filters a plan (G4.9): returns the question ids shown, in plan order. Questions already completed stay
 * and count first (G4.7, G4.24); then, in plan order, a question is kept when it is eligible on its
 * own, its kind's indicator rule passes (G4.23), the counts have room, and — for a follow-up — its
 * anchor is kept (G4.14). Earlier questions therefore win the places.
 */
export function filterPlan(
  survey: Survey,
  byId: ReadonlyMap<number, Question>,
  plan: readonly PlanEntry[],
  completed: ReadonlySet<number>,
  context: SurveyContext,
): number[] {
  const gates = new Map<QuestionKind, boolean>(
    KINDS.map((kind) => [
      kind,
      passesIndicatorRule(survey.maxima[kind].indicatorRule, context.indicatorScores),
    ]),
  );
  const tally = new Tally();
  const kept = new Set<number>();
  for (const entry of plan) {
    const question = byId.get(entry.questionId);
    if (question === undefined || !completed.has(entry.questionId)) continue;
    kept.add(entry.questionId);
    const kind = questionKind(question.questionType);
    if (kind !== null) tally.add(kind, question);
  }
  for (const entry of plan) {
    if (completed.has(entry.questionId)) continue;
    const question = byId.get(entry.questionId);
    if (question === undefined) continue;
    if (entry.anchorId !== null && !kept.has(entry.anchorId)) continue;
    const kind = questionKind(question.questionType);
    if (kind === null || !gates.get(kind)) continue;
    if (!isQuestionEligible(question, survey.indicators, context) || !tally.fits(kind, question, survey))
      continue;
    kept.add(entry.questionId);
    tally.add(kind, question);
  }
  return plan.filter((entry) => kept.has(entry.questionId)).map((entry) => entry.questionId);
}
