/**
 * D3.12–D3.17 (issue 27 item 1, decision 0188): what the server checks of a create against the survey
 * the guest answered, beyond the payload's shape. Each fault names its field as the payload has it, so
 * a refused create's 10025 says exactly what was wrong. The web and the tablet build creates with the
 * same domain code, so a create they build passes (the property test in create-checks.test.ts).
 */

import { URL_PARAM_MAX, URL_PARAM_NAMES } from '../checkin/url-params';
import {
  MENU_INSIGHT_RATING_MAX,
  MENU_INSIGHT_RATING_MIN,
  RATING_MAX,
  RATING_MIN,
  SLIDER_MAX,
  SLIDER_MIN,
} from '../constants';
import { IndicatorKind, QuestionFormat, QuestionType } from '../enums';
import type { Question } from '../schemas/question';
import type { CreatePayload } from '../schemas/submit';
import type { Indicator, Survey } from '../schemas/survey';
import { NO, YES } from '../suggestion/facts';
import type { FieldFault } from '../validation/types';
import { parseVisitDateTime } from '../validation/visit-date-time';
import { csatScore, npsScore } from './scoring';
import type { QuestionAnswer } from './types';

/** D3.16 How long ago a visit may be: a tablet kept offline for weeks still uploads (decision 0188). */
export const VISIT_MAX_AGE_DAYS = 366;
/** D3.16 How far ahead of the server a guest's clock may run for the survey's start and end. */
export const CLOCK_AHEAD_MAX_DAYS = 7;
const DAY_MS = 86_400_000;
/** UTC+14 (Line Islands) and UTC−12: a venue-local time names an instant within these of UTC. */
const EASTMOST_MS = 14 * 3_600_000;
const WESTMOST_MS = 12 * 3_600_000;

type Fault = FieldFault;
const fault = (field: string, message: Fault['message'], params?: Fault['params']): Fault =>
  params === undefined
    ? { field: `payload.${field}`, in: 'body', message }
    : { field: `payload.${field}`, in: 'body', message, params };
const notInSurvey = (field: string) => fault(field, 'form.notInSurvey');

/** D3.13 The choices a question's widget can send (the web's question-field.tsx picks the same widget). */
function choiceFaults(question: Question, answer: QuestionAnswer, at: string): Fault[] {
  const choices = answer.choices ?? [];
  if (choices.length === 0) return [];
  const field = `${at}.choices`;
  const format = question.otherQuestionsFormat;
  if (
    format === QuestionFormat.ONE_DROPDOWN ||
    format === QuestionFormat.ONE_RADIO ||
    format === QuestionFormat.ONE_CHECKBOX
  ) {
    const ids = new Set(question.otherQuestionsAnswers.map((option) => option.id));
    const bad = choices.findIndex((choice) => typeof choice !== 'number' || !ids.has(choice));
    if (bad >= 0) return [notInSurvey(`${field}.${bad}`)];
    if (new Set(choices).size !== choices.length) return [fault(field, 'form.unique')];
    const many = format === QuestionFormat.ONE_CHECKBOX && question.multiSelect;
    return !many && choices.length > 1 ? [fault(field, 'form.maxValue', { n: 1 })] : [];
  }
  if (format === QuestionFormat.YES_NO_WHY) {
    return choices.length === 1 && (choices[0] === YES || choices[0] === NO) ? [] : [notInSurvey(field)];
  }
  // Positive and negative boxes send their two texts as choices (G7.7); any other text widget none.
  if (question.commentMode === 'positive_negative') {
    return choices.length <= 2 && choices.every((c) => typeof c === 'string') ? [] : [notInSurvey(field)];
  }
  if (
    question.commentMode !== null ||
    format === QuestionFormat.TEXT_SINGLE ||
    format === QuestionFormat.TEXT_MULTIPLE
  )
    return [notInSurvey(field)];
  // A rating: one whole number of stars.
  const [stars] = choices;
  if (choices.length !== 1 || typeof stars !== 'number' || !Number.isInteger(stars))
    return [notInSurvey(field)];
  if (stars < RATING_MIN) return [fault(`${field}.0`, 'form.minValue', { n: RATING_MIN })];
  return stars > question.numberStars
    ? [fault(`${field}.0`, 'form.maxValue', { n: question.numberStars })]
    : [];
}

/** D3.13 Dishes of a menu-insight answer: a rating 1–3 each, with reasons the question offers. */
function dishFaults(question: Question, answer: QuestionAnswer, at: string): Fault[] {
  const dishes = answer.extra?.menuInsight ?? [];
  if (dishes.length === 0) return [];
  if (question.questionType !== QuestionType.MENU_INSIGHT) return [notInSurvey(`${at}.extra.menuInsight`)];
  const reasons = new Set([
    ...(question.menuInsight?.reasonSections ?? []).flatMap((section) => section.reasons.map((r) => r.id)),
    ...question.aspectRatings.flatMap((rating) => rating.reasons.map((r) => r.id)),
  ]);
  // A dish's ref is not unique: a receipt may carry the same dish twice, each rated on its own.
  return dishes.flatMap((dish, index) => {
    const field = `${at}.extra.menuInsight.${index}`;
    if (dish.aspectRatingId < MENU_INSIGHT_RATING_MIN || dish.aspectRatingId > MENU_INSIGHT_RATING_MAX)
      return [notInSurvey(`${field}.aspectRatingId`)];
    const bad = dish.reasons.findIndex((reason) => !reasons.has(reason));
    return bad >= 0 ? [notInSurvey(`${field}.reasons.${bad}`)] : [];
  });
}

/** D3.13 Services of an overall-experience answer: the question's services and their sub-questions. */
function serviceFaults(question: Question, answer: QuestionAnswer, at: string): Fault[] {
  const given = answer.extra?.services ?? [];
  if (given.length === 0) return [];
  const services = new Map((question.services ?? []).map((service) => [service.id, service]));
  const seen = new Set<string>();
  return given.flatMap((service, index) => {
    const field = `${at}.extra.services.${index}`;
    const config = services.get(service.id);
    if (!config) return [notInSurvey(`${field}.id`)];
    if (seen.has(service.id)) return [fault(`${field}.id`, 'form.unique')];
    seen.add(service.id);
    const subs = new Map(config.subQuestions.map((sub) => [sub.id, sub]));
    return service.answers.flatMap((sub, subIndex) => {
      const subField = `${field}.answers.${subIndex}`;
      const kind = subs.get(sub.id)?.kind;
      const value = sub.value;
      if (
        kind === 'rating' &&
        typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= RATING_MIN &&
        value <= RATING_MAX
      )
        return [];
      if (kind === 'text' && typeof value === 'string') return [];
      if (kind === 'choices' && Array.isArray(value)) {
        const ids = new Set((subs.get(sub.id)?.choices ?? []).map((choice) => choice.id));
        return value.every((choice) => typeof choice === 'number' && ids.has(choice))
          ? []
          : [notInSurvey(`${subField}.value`)];
      }
      return [notInSurvey(kind === undefined ? `${subField}.id` : `${subField}.value`)];
    });
  });
}

/** D3.12 D3.13 Every answer is to a question shown (questionMap, all the survey's), once, in its widget's shape. */
function questionFaults(questions: readonly Question[], payload: CreatePayload): Fault[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const faults: Fault[] = [];
  const shown = new Set<number>();
  for (const [index, id] of payload.questionMap.entries()) {
    if (!byId.has(id)) faults.push(notInSurvey(`questionMap.${index}`));
    else if (shown.has(id)) faults.push(fault(`questionMap.${index}`, 'form.unique'));
    shown.add(id);
  }
  const answered = new Set<number>();
  for (const [index, { id, answer }] of payload.answers.questions.entries()) {
    const at = `answers.questions.${index}`;
    const question = byId.get(id);
    if (!question || !shown.has(id)) faults.push(notInSurvey(`${at}.id`));
    else if (answered.has(id)) faults.push(fault(`${at}.id`, 'form.unique'));
    else if (answer.notApplicable === true && !question.allowNotApplicable)
      faults.push(notInSurvey(`${at}.answer.notApplicable`));
    else
      faults.push(
        ...choiceFaults(question, answer, `${at}.answer`),
        ...dishFaults(question, answer, `${at}.answer`),
        ...serviceFaults(question, answer, `${at}.answer`),
      );
    answered.add(id);
  }
  return faults;
}

/** D3.14 Indicator scores: the survey's indicators, once each, within trueMin..trueMax (NPS 0–10). */
function indicatorFaults(indicators: readonly Indicator[], payload: CreatePayload): Fault[] {
  const byId = new Map(indicators.map((indicator) => [indicator.id, indicator]));
  const seen = new Set<number>();
  return payload.answers.indicators.flatMap(({ id, score }, index) => {
    const at = `answers.indicators.${index}`;
    const indicator = byId.get(id);
    if (!indicator) return [notInSurvey(`${at}.id`)];
    if (seen.has(id)) return [fault(`${at}.id`, 'form.unique')];
    seen.add(id);
    const [min, max] =
      indicator.kind === IndicatorKind.NPS
        ? [SLIDER_MIN, SLIDER_MAX]
        : [indicator.trueMin, indicator.trueMax];
    if (!Number.isFinite(score) || score < min) return [fault(`${at}.score`, 'form.minValue', { n: min })];
    return score > max ? [fault(`${at}.score`, 'form.maxValue', { n: max })] : [];
  });
}

/** D3.15 CSAT and NPS are the survey's own arithmetic over the scores given, not the client's word. */
function scoreFaults(indicators: readonly Indicator[], payload: CreatePayload): Fault[] {
  const scores = Object.fromEntries(payload.answers.indicators.map(({ id, score }) => [id, score]));
  const faults: Fault[] = [];
  if (payload.answers.csatScore !== csatScore(indicators, scores))
    faults.push(fault('answers.csatScore', 'form.match'));
  if (payload.answers.npsScore !== npsScore(indicators, scores))
    faults.push(fault('answers.npsScore', 'form.match'));
  return faults;
}

/**
 * The UTC milliseconds a venue-local `YYYY-MM-DD HH:mm:ss` reads as (the schema fixes the layout), or null
 * when it names no real time or one before 1970.
 */
function localMs(text: string): number | null {
  const visit = parseVisitDateTime(text);
  if (!visit || visit.year < 1970) return null;
  return Date.UTC(visit.year, visit.month - 1, visit.day, visit.hour, visit.minute, visit.second);
}

/**
 * D3.16 The visit and the survey's start and end are real calendar times; the visit is not in the future
 * anywhere on Earth (a venue-local time is at most 14 h ahead of UTC) nor over VISIT_MAX_AGE_DAYS old.
 * Start and end come from the guest's own clock, which may run fast: they may be up to
 * CLOCK_AHEAD_MAX_DAYS ahead, so a phone set a day wrong does not cost its guest the survey.
 */
function timeFaults(payload: CreatePayload, now: Date): Fault[] {
  const earliest = now.getTime() - VISIT_MAX_AGE_DAYS * DAY_MS - WESTMOST_MS;
  const check = (name: 'visitDatetime' | 'surveyStart' | 'surveyCompleted', latest: number): Fault[] => {
    const ms = localMs(payload[name]);
    if (ms === null) return [fault(name, 'checkin.visitInvalid')];
    if (ms > latest) return [fault(name, 'form.futureDate')];
    return ms < earliest ? [fault(name, 'checkin.visitInvalid')] : [];
  };
  const clockAhead = now.getTime() + CLOCK_AHEAD_MAX_DAYS * DAY_MS;
  return [
    ...check('visitDatetime', now.getTime() + EASTMOST_MS),
    ...check('surveyStart', clockAhead),
    ...check('surveyCompleted', clockAhead),
  ];
}

/** D3.17 Only the spec's URL parameters, each at most URL_PARAM_MAX characters (readUrlParams keeps no other). */
function urlParamFaults(payload: CreatePayload): Fault[] {
  const names = new Set<string>(URL_PARAM_NAMES);
  return Object.entries(payload.urlParams).flatMap(([name, value]) => {
    if (!names.has(name)) return [notInSurvey(`urlParams.${name}`)];
    return value.length > URL_PARAM_MAX
      ? [fault(`urlParams.${name}`, 'form.maxChars', { count: URL_PARAM_MAX })]
      : [];
  });
}

/** A refusal names at most this many faults: a payload of 100,000 bad entries gets a short answer. */
export const CREATE_FAULTS_MAX = 20;

/** Everything wrong with a create against its survey, the first CREATE_FAULTS_MAX (empty: it may be stored). */
export function createFaults(
  survey: Pick<Survey, 'indicators'>,
  questions: readonly Question[],
  payload: CreatePayload,
  now: Date,
): FieldFault[] {
  return [
    ...questionFaults(questions, payload),
    ...indicatorFaults(survey.indicators, payload),
    ...scoreFaults(survey.indicators, payload),
    ...timeFaults(payload, now),
    ...urlParamFaults(payload),
  ].slice(0, CREATE_FAULTS_MAX);
}
