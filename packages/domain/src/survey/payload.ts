import type { Question } from '../schemas/question';
import { type Answers, type CreatePayload, createPayloadSchema } from '../schemas/submit';
import type { Survey } from '../schemas/survey';
import type { Transaction } from '../schemas/transaction';
import { formatLocalDateTime } from '../validation/local-time';
import { hasContent } from './follow-ups';
import { csatScore, npsScore, passesIndicatorRule, scoreOf } from './scoring';
import type { IndicatorScores, QuestionAnswer } from './types';

/** D3.1 `YYYY-MM-DD HH:mm:ss` of an instant in the venue's IANA zone: one formatter for the domain. */
export { formatLocalDateTime };

type ServiceAnswer = NonNullable<NonNullable<QuestionAnswer['extra']>['services']>[number];
const copyService = (service: ServiceAnswer): ServiceAnswer => ({
  id: service.id,
  answers: service.answers.map((sub) => ({
    ...sub,
    value: Array.isArray(sub.value) ? [...sub.value] : sub.value,
  })),
});

/** G4.38 Only what the guest gave: blank text, empty choices, dish or service lists and a false N/A are left out. */
function answerPayload(answer: QuestionAnswer): QuestionAnswer {
  const out: QuestionAnswer = {};
  if (answer.notApplicable === true) out.notApplicable = true;
  if (answer.text !== undefined && answer.text.trim() !== '') out.text = answer.text;
  if (answer.choices !== undefined && answer.choices.length > 0) out.choices = [...answer.choices];
  const dishes = answer.extra?.menuInsight ?? [];
  const services = answer.extra?.services ?? [];
  if (dishes.length > 0 || services.length > 0) {
    out.extra = {};
    if (dishes.length > 0) out.extra.menuInsight = dishes.map((dish) => ({ ...dish }));
    if (services.length > 0) out.extra.services = services.map(copyService);
  }
  return out;
}

/** What the answer payload is assembled from. */
export interface AnswersInput {
  survey: Survey;
  /** The questions shown, in plan order (`shownQuestions`). */
  questionMap: readonly number[];
  answers: Readonly<Record<number, QuestionAnswer>>;
  indicatorScores: IndicatorScores;
}

/**
 * G4.38/G4.39 The answer payload: the shown questions that have an answer (with content, or marked not
 * applicable), in questionMap order; the answered indicators in the survey's order; csatScore; npsScore.
 */
export function buildAnswers(input: AnswersInput): Answers {
  const questions = input.questionMap.flatMap((id) => {
    const answer = input.answers[id];
    if (answer === undefined || (!hasContent(answer) && answer.notApplicable !== true)) return [];
    return [{ id, answer: answerPayload(answer) }];
  });
  const indicators = input.survey.indicators.flatMap((indicator) => {
    const score = scoreOf(input.indicatorScores, indicator.id);
    return score === null ? [] : [{ id: indicator.id, score }];
  });
  return {
    questions,
    indicators,
    csatScore: csatScore(input.survey.indicators, input.indicatorScores),
    npsScore: npsScore(input.survey.indicators, input.indicatorScores),
  };
}

/** D3.9 True when manager feedback is on and its indicator rule passes on the guest's scores. */
export const managerFeedbackPassed = (survey: Survey, scores: IndicatorScores): boolean =>
  survey.managerFeedback.enabled && passesIndicatorRule(survey.managerFeedback.indicatorRule, scores);

/** D3.10 A feedback alert: a shown question marked triggerComplaint was answered. */
export function feedbackAlertOf(
  questions: readonly Question[],
  questionMap: readonly number[],
  answers: Readonly<Record<number, QuestionAnswer>>,
): boolean {
  const shown = new Set(questionMap);
  return questions.some((q) => q.triggerComplaint && shown.has(q.id) && hasContent(answers[q.id]));
}

/** What the create payload is assembled from: the check-in, the run and the caller's choices. */
export interface CreatePayloadInput {
  /** Made once per response by the caller (crypto.randomUUID()); a retry sends the same one (D3.6). */
  guid: string;
  visitDateTime: string;
  /** The check-in's startTime, or the instant the survey started. */
  surveyStart: string | Date;
  surveyCompleted: string | Date;
  /** Zone Date values are written in (the venue's); the runtime's zone when omitted. */
  timeZone?: string;
  transactionRef: string | null;
  /** D3.11: a receipt PIN typed while the tablet was offline (no transactionRef could be found for it). */
  receiptPin?: string | null;
  transaction: Transaction | null;
  /** Table number typed at check-in; 0 counts, blank or absent does not (D3.3). */
  tableNumber?: string | number | null;
  feedbackAlert: boolean;
  managerFeedbackIndicatorRulePassed: boolean;
  recommendationPermitted: boolean;
  userAgent: string;
  staffId: number | null;
  urlParams: Readonly<Record<string, string>>;
  questionMap: readonly number[];
  answers: Answers;
  staff?: CreatePayload['staff'];
  demographics?: CreatePayload['demographics'];
}

const localText = (value: string | Date, timeZone?: string) =>
  typeof value === 'string' ? value : formatLocalDateTime(value, timeZone);

/**
 * D3.1–D3.8, D3.11 The create payload of survey.submit, checked against createPayloadSchema: a value that
 * breaks the schema (a malformed guid or date, text over its limit) throws the ZodError here, on
 * the device, instead of being queued and refused by the server later.
 */
export function buildCreatePayload(input: CreatePayloadInput): CreatePayload {
  const table =
    input.tableNumber === undefined || input.tableNumber === null ? '' : String(input.tableNumber).trim();
  // A receipt that was looked up wins: the PIN typed offline only stands in for a lookup not made.
  const receiptPin = input.transactionRef ? '' : (input.receiptPin ?? '').trim();
  return createPayloadSchema.parse({
    guid: input.guid,
    visitDatetime: input.visitDateTime,
    surveyStart: localText(input.surveyStart, input.timeZone),
    surveyCompleted: localText(input.surveyCompleted, input.timeZone),
    pinCode: input.transactionRef ?? '',
    ...(receiptPin !== '' ? { receiptPin } : {}),
    feedbackAlert: input.feedbackAlert,
    managerFeedbackIndicatorRulePassed: input.managerFeedbackIndicatorRulePassed,
    recommendationPermitted: input.recommendationPermitted,
    userAgent: input.userAgent,
    staffId: input.staffId,
    urlParams: { ...input.urlParams },
    questionMap: [...input.questionMap],
    ...(input.transaction !== null ? { transaction: input.transaction } : {}),
    ...(table !== '' ? { url_params: { table_id: table } } : {}),
    answers: input.answers,
    ...(input.staff !== undefined ? { staff: input.staff } : {}),
    ...(input.demographics !== undefined ? { demographics: input.demographics } : {}),
  });
}
