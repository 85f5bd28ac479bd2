import {
  AskQuestionWhen,
  AspectRating,
  ContextFilterType,
  EposProductType,
  IndicatorKind,
  MenuInsightMode,
  QuestionFormat,
  QuestionType,
  ScoreDirection,
} from '../enums';
import {
  type MenuInsightConfig,
  type Question,
  type QuestionInput,
  questionSchema,
} from '../schemas/question';
import type { Indicator } from '../schemas/survey';
import type { SurveyDocument } from './document';

/**
 * The kinds of question an operator adds in the editor (issue 31 item 1): each is a question type with a
 * display (format, comment mode, menu insight, services) and, for drill-downs, an indicator and threshold.
 * The editor then lets every field be changed; a kind is only where a new question starts.
 */
export const EDITOR_QUESTION_KINDS = [
  'rating',
  'choice',
  'yesNoWhy',
  'comment',
  'postcode',
  'positiveNegative',
  'ratingDrilldown',
  'npsFollowUp',
  'csatFollowUp',
  'followUp',
  'menuInsight',
  'product',
  'context',
  'services',
] as const;
export type EditorQuestionKind = (typeof EDITOR_QUESTION_KINDS)[number];

/** Trigger stars of a new rating drill-down: the two lowest ratings. */
export const NEW_DRILLDOWN_STARS: readonly number[] = [1, 2];
/** A new NPS follow-up asks detractors (0–6). */
export const NEW_NPS_THRESHOLD = { score: 6, direction: ScoreDirection.LOWER };
/** A new CSAT follow-up asks the less satisfied (at or below 60%). */
export const NEW_CSAT_THRESHOLD = { score: 60, direction: ScoreDirection.LOWER };

const firstIndicator = (indicators: readonly Indicator[], kinds: readonly number[]): number | null =>
  indicators.find((indicator) => kinds.includes(indicator.kind))?.id ?? null;

const comment = { otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE, commentMode: 'comment' as const };

/**
 * A new menu-insight configuration (G3): dishes by menu type (food), follow-ups on, a reasons and a
 * comments sub-question, and a reason section per dish rating.
 */
export function newMenuInsight(): MenuInsightConfig {
  return {
    menuType: EposProductType.FOOD,
    mode: MenuInsightMode.TYPE,
    menuFamilyGroupRef: null,
    menuMajorGroupRef: null,
    followUpQuestion: true,
    subQuestions: [
      { id: 'reasons', type: 'reasons', label: '', props: {}, required: false, showIf: null },
      { id: 'comments', type: 'comments', label: '', props: {}, required: false, showIf: null },
    ],
    reasonSections: [AspectRating.GOOD, AspectRating.NEUTRAL, AspectRating.BAD].map((rating) => ({
      aspectRatingId: rating,
      title: '',
      showIf: null,
      reasons: [],
    })),
  };
}

/** What each kind sets beyond the common fields; `indicators` are the survey's, for drill-downs. */
function kindFields(kind: EditorQuestionKind, indicators: readonly Indicator[]): Partial<QuestionInput> {
  switch (kind) {
    case 'rating':
      return { questionType: QuestionType.OTHER };
    case 'choice':
      return { questionType: QuestionType.OTHER, otherQuestionsFormat: QuestionFormat.ONE_RADIO };
    case 'yesNoWhy':
      return {
        questionType: QuestionType.OTHER,
        otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
        ynFollowupN: true,
      };
    case 'comment':
      return { questionType: QuestionType.OTHER, ...comment };
    case 'postcode':
      return {
        questionType: QuestionType.OTHER,
        otherQuestionsFormat: QuestionFormat.TEXT_SINGLE,
        commentMode: 'postcode',
      };
    case 'positiveNegative':
      return {
        questionType: QuestionType.OTHER,
        otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
        commentMode: 'positive_negative',
      };
    case 'ratingDrilldown':
      return {
        questionType: QuestionType.DRILLDOWN,
        otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
        multiSelect: true,
        indicatorId: firstIndicator(indicators, [IndicatorKind.SURVEY_RATING, IndicatorKind.REVIEW_RATING]),
        triggerStars: [...NEW_DRILLDOWN_STARS],
      };
    case 'npsFollowUp':
      return {
        questionType: QuestionType.DRILLDOWN,
        ...comment,
        indicatorId: firstIndicator(indicators, [IndicatorKind.NPS]),
        nps: { ...NEW_NPS_THRESHOLD },
      };
    case 'csatFollowUp':
      return {
        questionType: QuestionType.DRILLDOWN,
        ...comment,
        indicatorId: firstIndicator(indicators, [IndicatorKind.CSAT]),
        csat: { ...NEW_CSAT_THRESHOLD },
      };
    case 'followUp':
      return { questionType: QuestionType.DRILLDOWN_PLUS, ...comment };
    case 'menuInsight':
      return {
        questionType: QuestionType.MENU_INSIGHT,
        menuInsight: newMenuInsight(),
      };
    case 'product':
      return {
        questionType: QuestionType.PRODUCT,
        otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
        ynFollowupN: true,
        txAskQuestion: AskQuestionWhen.WHEN_TRANSACTION,
      };
    case 'context':
      return {
        questionType: QuestionType.CONTEXT,
        otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
        ynFollowupN: true,
        contextFilters: [
          { type: ContextFilterType.NUMBER_IN_PARTY, direction: ScoreDirection.GREATER, value: 4 },
        ],
      };
    case 'services':
      return {
        questionType: QuestionType.OTHER,
        services: [
          {
            id: 'service-1',
            name: '',
            subQuestions: [{ id: 'rating', label: '', kind: 'rating', required: true, choices: [] }],
          },
        ],
      };
  }
}

/** The next free question id of a document: one above the highest (1 for the first). */
export const nextQuestionId = (questions: readonly Pick<Question, 'id'>[]): number =>
  questions.reduce((max, q) => Math.max(max, q.id), 0) + 1;

/**
 * A new question of `kind` for `document` (issue 31 item 1): the next free id, the survey's template, its
 * first section, an empty text, and for drill-downs the survey's first indicator of the fitting kind (none
 * when it has none: the question is then asked only as a follow-up). It passes the schema and adds no
 * document fault when the survey has a section.
 */
export function questionOfKind(
  kind: EditorQuestionKind,
  document: Pick<SurveyDocument, 'survey' | 'questions'>,
): Question {
  return questionSchema.parse({
    id: nextQuestionId(document.questions),
    templateId: document.survey.templateId,
    sectionId: document.survey.sections[0]?.id ?? '',
    text: '',
    ...kindFields(kind, document.survey.indicators),
  });
}

/** The kind a question reads as, for a label (the first kind whose shape it has; edits may blur kinds). */
export function kindOfQuestion(question: Question): EditorQuestionKind {
  if (question.services !== null) return 'services';
  switch (question.questionType) {
    case QuestionType.MENU_INSIGHT:
      return 'menuInsight';
    case QuestionType.PRODUCT:
    case QuestionType.MENU:
    case QuestionType.PRODUCT_SCORECARD:
      return 'product';
    case QuestionType.CONTEXT:
      return 'context';
    case QuestionType.DRILLDOWN_PLUS:
      return 'followUp';
    case QuestionType.DRILLDOWN:
      if (question.nps !== null) return 'npsFollowUp';
      if (question.csat !== null) return 'csatFollowUp';
      return 'ratingDrilldown';
  }
  switch (question.otherQuestionsFormat) {
    case QuestionFormat.ONE_DROPDOWN:
    case QuestionFormat.ONE_RADIO:
    case QuestionFormat.ONE_CHECKBOX:
      return 'choice';
    case QuestionFormat.YES_NO_WHY:
      return 'yesNoWhy';
  }
  if (question.commentMode === 'postcode') return 'postcode';
  if (question.commentMode === 'positive_negative') return 'positiveNegative';
  if (question.commentMode !== null || question.otherQuestionsFormat !== null) return 'comment';
  return 'rating';
}
