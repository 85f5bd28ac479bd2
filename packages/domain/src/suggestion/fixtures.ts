/** Small builders for the suggestion tests (not exported from the package). */
import { AspectRating, IndicatorKind, type Language, QuestionFormat, QuestionType } from '../enums';
import { type Question, type QuestionInput, questionSchema } from '../schemas/question';
import type { Answers } from '../schemas/submit';
import type { Indicator } from '../schemas/survey';
import type { SuggestionInput } from './facts';

export const indicator = (
  id: number,
  name: string,
  kind: number = IndicatorKind.SURVEY_RATING,
): Indicator => ({
  id,
  name,
  kind: kind as Indicator['kind'],
  weight: 50,
  isRequired: false,
  trueMin: kind === IndicatorKind.NPS ? 0 : 1,
  trueMax: kind === IndicatorKind.NPS ? 10 : 5,
  csatWeight: 1,
  topics: [],
});

export const question = (id: number, fields: Partial<QuestionInput>): Question =>
  questionSchema.parse({
    id,
    templateId: 1,
    sectionId: 'main',
    questionType: QuestionType.OTHER,
    text: `Q${id}`,
    ...fields,
  });

export const MENU_QUESTION = 10;
export const YES_NO_QUESTION = 20;
export const COMMENTS_QUESTION = 30;
export const PLAIN_COMMENT_QUESTION = 40;

export const goodReasons = [
  { id: 1, text: 'Tasty' },
  { id: 2, text: 'Well presented' },
];
export const badReasons = [
  { id: 1, text: 'Cold' },
  { id: 3, text: 'Bland' },
];

export const questions: Question[] = [
  question(MENU_QUESTION, {
    questionType: QuestionType.MENU_INSIGHT,
    menuInsight: {
      menuType: 1,
      mode: 1,
      menuFamilyGroupRef: null,
      menuMajorGroupRef: null,
      followUpQuestion: true,
      subQuestions: [],
      reasonSections: [
        { aspectRatingId: AspectRating.GOOD, title: 'Liked', showIf: null, reasons: goodReasons },
        { aspectRatingId: AspectRating.BAD, title: 'Wrong', showIf: null, reasons: badReasons },
      ],
    },
  }),
  question(YES_NO_QUESTION, {
    text: 'Would you come back?',
    otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
    ynFollowupY: true,
    ynFollowupN: true,
  }),
  question(COMMENTS_QUESTION, {
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'positive_negative',
  }),
  question(PLAIN_COMMENT_QUESTION, {
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'comment',
  }),
];

export const indicators: Indicator[] = [
  indicator(1, 'Food'),
  indicator(2, 'Service'),
  indicator(3, 'Atmosphere'),
  indicator(5, 'Recommend', IndicatorKind.NPS),
  indicator(6, 'Satisfaction', IndicatorKind.CSAT),
];

export const answers = (fields: Partial<Answers> = {}): Answers => ({
  questions: [],
  indicators: [],
  csatScore: null,
  npsScore: null,
  ...fields,
});

export const input = (
  fields: Partial<SuggestionInput> = {},
  language: Language = 'en-gb',
): SuggestionInput => ({
  language,
  indicators,
  questions,
  answers: answers(),
  dishNames: { A1: 'Margherita pizza', B2: 'Tomato soup', C3: 'Tiramisu' },
  staff: null,
  ...fields,
});

/** A dish rating of the menu-insight question. */
export const dish = (
  ref: string,
  aspectRatingId: 1 | 2 | 3,
  more: { reasons?: number[]; comment?: string; otherReason?: string } = {},
) => ({
  ref,
  aspectRatingId,
  reasons: more.reasons ?? [],
  ...(more.comment !== undefined ? { comment: more.comment } : {}),
  ...(more.otherReason !== undefined ? { otherReason: more.otherReason } : {}),
});

export const menuAnswer = (...dishes: ReturnType<typeof dish>[]) => ({
  id: MENU_QUESTION,
  answer: { extra: { menuInsight: dishes } },
});

/** A guest who rated food 5 and service 4 and liked the pizza: plenty to draft from. */
export const happyGuest = (language: Language = 'en-gb') =>
  input(
    {
      answers: answers({
        indicators: [
          { id: 1, score: 5 },
          { id: 2, score: 4 },
          { id: 3, score: 2 },
        ],
        questions: [menuAnswer(dish('A1', 3, { reasons: [1, 2] }), dish('B2', 1, { reasons: [3] }))],
      }),
      staff: { name: 'Sam', tags: ['Friendly'], comment: null },
    },
    language,
  );
