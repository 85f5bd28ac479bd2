/**
 * A deterministic synthetic survey for property tests and the engine benchmark: same seed, same
 * survey. Not exported from the package: test support, not a rule.
 */
import { AskQuestionWhen, ContextFilterType, IndicatorKind, QuestionType, StaffFollowUpType } from '../enums';
import { type Random, seededRandom } from '../random';
import { type Question, type QuestionInput, questionSchema } from '../schemas/question';
import { type Survey, surveySchema } from '../schemas/survey';
import type { Transaction } from '../schemas/transaction';
import type { IndicatorScores, QuestionAnswer } from './types';

export interface SyntheticOptions {
  questions: number;
  /** How many of the questions are follow-ups (shown only when a parent's answer triggers them). */
  followUps: number;
  /** How many context filters are spread over the questions. */
  contextFilters: number;
  sections: number;
  /** Small random maxima (properties) instead of room for every question (benchmark). */
  tightMaxima: boolean;
}

export interface SyntheticSurvey {
  survey: Survey;
  questions: Question[];
  transaction: Transaction;
  visitDateTime: string;
  indicatorScores: IndicatorScores;
}

const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[int(random, 0, items.length - 1)] as T;
const chance = (random: Random, p: number) => random() < p;

const FILTER_TYPES = [...Object.values(ContextFilterType), 'weatherForecast'];
const RATINGS = [1, 2, 3, 4];
const NPS_ID = 5;
const CSAT_ID = 6;
const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };

function maxima(random: Random, tight: boolean, total: number) {
  const max = () => (tight ? int(random, 0, 6) : total);
  const rule = () =>
    tight && chance(random, 0.2)
      ? {
          indicatorId: pick(random, RATINGS),
          scoreRequired: int(random, 1, 5),
          lowerBound: chance(random, 0.5),
          strict: chance(random, 0.5),
        }
      : noRule;
  const kind = () => ({ maximum: max(), indicatorRule: rule() });
  return {
    other: kind(),
    contextSensitive: kind(),
    productRelated: kind(),
    drilldown: { ...kind(), maximumPerIndicator: tight ? int(random, 0, 3) : total },
    menuInsight: kind(),
  };
}

function baseQuestion(random: Random, id: number, sectionId: string): QuestionInput {
  const type = pick(random, Object.values(QuestionType));
  const question: QuestionInput = {
    id,
    templateId: 1,
    sectionId,
    questionType: type,
    text: `Question ${id}`,
    weight: int(random, 1, 10) * 10,
    txAskQuestion: chance(random, 0.8)
      ? AskQuestionWhen.ALWAYS
      : pick(random, Object.values(AskQuestionWhen)),
  };
  if (chance(random, 0.1)) question.dateRangeFrom = '2025-01-01';
  if (chance(random, 0.1)) question.dateRangeTo = chance(random, 0.5) ? '2025-12-31' : '2024-12-31';
  if (type === QuestionType.DRILLDOWN || type === QuestionType.DRILLDOWN_PLUS) {
    const indicatorId = pick(random, [...RATINGS, NPS_ID, CSAT_ID]);
    question.indicatorId = indicatorId;
    if (indicatorId === NPS_ID)
      question.nps = { score: int(random, 0, 10), direction: pick(random, ['g', 'l']) };
    else if (indicatorId === CSAT_ID)
      question.csat = { score: int(random, 0, 100), direction: pick(random, ['g', 'l']) };
    else question.triggerStars = [1, 2, 3, 4, 5].filter(() => chance(random, 0.5));
  }
  return question;
}

/** A survey of `options.questions` questions over `options.sections` sections, drawn from `seed`. */
export function syntheticSurvey(seed: number, options: SyntheticOptions): SyntheticSurvey {
  const random = seededRandom(seed);
  const sectionIds = Array.from({ length: options.sections }, (_, i) => `s${i + 1}`);
  const sections = sectionIds.map((id, i) => ({
    id,
    name: `Section ${i + 1}`,
    // Few distinct weights, so ties happen.
    weight: int(random, 1, 5) * 20,
    dependsOn: i > 0 && chance(random, 0.3) ? [pick(random, sectionIds)] : [],
  }));
  const baseCount = options.questions - options.followUps;
  const inputs = Array.from({ length: options.questions }, (_, i) =>
    baseQuestion(random, i + 1, pick(random, sectionIds)),
  );
  const base = inputs.slice(0, baseCount);
  for (const followUp of inputs.slice(baseCount)) {
    const parent = pick(random, base);
    parent.followUpQuestions = [...(parent.followUpQuestions ?? []), followUp.id];
    if (chance(random, 0.3)) parent.followUpTriggers = ['1'];
    if (chance(random, 0.3)) followUp.linkedQuestion = pick(random, base).id;
    followUp.sectionId = parent.sectionId;
  }
  for (let n = 0; n < options.contextFilters; n++) {
    const question = pick(random, inputs);
    const filter = {
      type: pick(random, FILTER_TYPES),
      direction: pick(random, ['g', 'l']),
      value: int(random, 1, 20),
    };
    question.contextFilters = [...(question.contextFilters ?? []), filter];
  }
  const indicator = (id: number, kind: number, trueMax: number, csatWeight: number) => ({
    id,
    name: `Indicator ${id}`,
    kind,
    weight: 100 - id,
    isRequired: true,
    trueMin: kind === IndicatorKind.NPS ? 0 : 1,
    trueMax,
    csatWeight,
  });
  const survey = surveySchema.parse({
    templateId: 1,
    surveyId: 1,
    surveyTypeId: 1,
    slug: 'synthetic',
    name: 'Synthetic',
    templateLocale: 'en-gb',
    eposEnabled: true,
    showPinScreen: false,
    tableNumberEntry: false,
    maximumQuestionCount: options.tightMaxima ? int(random, 1, options.questions) : options.questions,
    averageServiceTime: 60,
    sections,
    indicatorsRenderType: 0,
    indicators: [
      ...RATINGS.map((id) => indicator(id, IndicatorKind.SURVEY_RATING, 5, int(random, 0, 3))),
      indicator(NPS_ID, IndicatorKind.NPS, 10, 0),
      indicator(CSAT_ID, IndicatorKind.CSAT, 5, 2),
    ],
    maxima: maxima(random, options.tightMaxima, options.questions),
    staffSelector: { enabled: false, renderType: 0, followup: StaffFollowUpType.NONE },
    managerFeedback: { enabled: false },
    aiRecommendation: { suggestionsEnabled: false },
    recommendation: { enabled: false },
    dataCapture: { enabled: false },
  });
  const covers = int(random, 1, 8);
  const subtotal = int(random, 10, 400);
  const transaction: Transaction = {
    check: { covers, subtotal, avgSpentPerHead: subtotal / covers, checkOpenTime: '2025-06-14 19:00:00' },
    checkOpenTime: '2025-06-14 19:00:00',
    menuItems: [],
  };
  const indicatorScores: Record<number, number> = {
    [NPS_ID]: int(random, 0, 10),
    [CSAT_ID]: int(random, 1, 5),
  };
  for (const id of RATINGS) indicatorScores[id] = int(random, 1, 5);
  return {
    survey,
    questions: inputs.map((q) => questionSchema.parse(q)),
    transaction,
    visitDateTime: `2025-06-${String(int(random, 10, 20))} ${String(int(random, 10, 22))}:30:00`,
    indicatorScores,
  };
}

/** An answer that triggers every follow-up of the question (it picks choice '1', the triggers' value). */
export const triggeringAnswer = (): QuestionAnswer => ({ choices: ['1'], text: 'Because' });
