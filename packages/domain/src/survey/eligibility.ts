import { AskQuestionWhen, ContextFilterType, QuestionType, ScoreDirection } from '../enums';
import type { ContextFilter, Question } from '../schemas/question';
import type { Indicator, Maxima } from '../schemas/survey';
import { drilldownTriggered } from './drilldown';
import type { SurveyContext } from './types';

const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(QuestionType));

/** G4.15 A question type the engine knows (1-8); anything else is never shown. */
export const isKnownQuestionType = (type: number): boolean => KNOWN_TYPES.has(type);

/**
 * G4.16 Types about what the guest ordered: product 3, menu 5 and product scorecard 7 ask about the
 * receipt's items, so they need a transaction. Menu insight 8 does not: the guest picks dishes from
 * the whole menu (search, categories).
 */
export const TRANSACTION_TYPES: readonly number[] = [
  QuestionType.PRODUCT,
  QuestionType.MENU,
  QuestionType.PRODUCT_SCORECARD,
];

/** G4.16/G4.18 True when a question can only be asked with a transaction (by type or txAskQuestion). */
export const requiresTransaction = (question: Question): boolean =>
  TRANSACTION_TYPES.includes(question.questionType) ||
  question.txAskQuestion === AskQuestionWhen.WHEN_TRANSACTION;

/** The per-kind maxima a question counts against (G4.20). */
export type QuestionKind = keyof Maxima;

/**
 * G4.20 The kind of each type: drill-down 1 and drill-down plus 6 → drilldown; context 2 →
 * contextSensitive; product 3, menu 5, product scorecard 7 → productRelated; other 4 → other; menu
 * insight 8 → menuInsight. Null for an unknown type.
 */
export function questionKind(type: number): QuestionKind | null {
  switch (type) {
    case QuestionType.DRILLDOWN:
    case QuestionType.DRILLDOWN_PLUS:
      return 'drilldown';
    case QuestionType.CONTEXT:
      return 'contextSensitive';
    case QuestionType.PRODUCT:
    case QuestionType.MENU:
    case QuestionType.PRODUCT_SCORECARD:
      return 'productRelated';
    case QuestionType.OTHER:
      return 'other';
    case QuestionType.MENU_INSIGHT:
      return 'menuInsight';
    default:
      return null;
  }
}

/** G4.17 The visit's day (`YYYY-MM-DD`) within dateRangeFrom..dateRangeTo, both inclusive; a null bound is open. */
export function withinDateRange(question: Question, visitDateTime: string): boolean {
  const day = visitDateTime.slice(0, 10);
  // ISO calendar dates order the same as text.
  if (question.dateRangeFrom !== null && day < question.dateRangeFrom) return false;
  return question.dateRangeTo === null || day <= question.dateRangeTo;
}

/** G4.18 txAskQuestion: always 0; when there is a transaction 1; when there is none 2. */
export function askedForTransaction(question: Question, hasTransaction: boolean): boolean {
  if (question.txAskQuestion === AskQuestionWhen.WHEN_TRANSACTION) return hasTransaction;
  if (question.txAskQuestion === AskQuestionWhen.WHEN_NO_TRANSACTION) return !hasTransaction;
  return true;
}

/** The context figure a filter type reads; undefined for a type the engine does not know. */
function contextValue(type: string, context: SurveyContext): number | null | undefined {
  switch (type) {
    case ContextFilterType.NUMBER_IN_PARTY:
      return context.partySize;
    case ContextFilterType.TOTAL_SPENT:
      return context.totalSpent;
    case ContextFilterType.AVERAGE_SPENT_PER_HEAD:
      return context.averagePerHead;
    case ContextFilterType.TIME_OF_DAY:
      return context.timeOfDay;
    case ContextFilterType.DAY_OF_WEEK:
      return context.dayOfWeek;
    default:
      return undefined;
  }
}

/**
 * G4.25–G4.29 One context filter: 'g' passes at or above the value, any other direction at or below.
 * An unknown filter type passes; a known one whose figure is unknown (no check: party size, spend)
 * fails, since the question is about a figure nobody gave.
 */
export function contextFilterPasses(filter: ContextFilter, context: SurveyContext): boolean {
  const value = contextValue(filter.type, context);
  if (value === undefined) return true;
  if (value === null) return false;
  return filter.direction === ScoreDirection.GREATER ? value >= filter.value : value <= filter.value;
}

/** G4.28 Every filter of a question must pass. */
export const contextFiltersPass = (question: Question, context: SurveyContext): boolean =>
  question.contextFilters.every((filter) => contextFilterPasses(filter, context));

/**
 * Everything that decides a question on its own, before counting (G4.15–G4.18, G4.25–G4.34): known
 * type, transaction, date range, txAskQuestion, context filters, drill-down trigger.
 */
export function isQuestionEligible(
  question: Question,
  indicators: readonly Indicator[],
  context: SurveyContext,
): boolean {
  const hasTransaction = context.transaction !== null;
  return (
    isKnownQuestionType(question.questionType) &&
    (hasTransaction || !requiresTransaction(question)) &&
    askedForTransaction(question, hasTransaction) &&
    withinDateRange(question, context.visitDateTime) &&
    contextFiltersPass(question, context) &&
    drilldownTriggered(question, indicators, context.indicatorScores)
  );
}
