// One response as the console shows it (issue 29 item 2): every answer labelled from the survey the guest
// answered, dish ratings with their reasons, the staff member thanked. Pure: the server reads the rows.
import { z } from 'zod';
import { IndicatorKind, QuestionFormat, QuestionType } from '../enums';
import type { IdText } from '../schemas/common';
import type { Question } from '../schemas/question';
import type { Answers, CreatePayload } from '../schemas/submit';
import type { Indicator } from '../schemas/survey';
import { NPS_GROUPS, RESPONSE_SOURCES } from './inbox';

const named = z.object({ id: z.number().int(), name: z.string() });

export const INDICATOR_KINDS = ['rating', 'nps', 'csat', 'review'] as const;
const KIND_OF: Record<number, (typeof INDICATOR_KINDS)[number]> = {
  [IndicatorKind.SURVEY_RATING]: 'rating',
  [IndicatorKind.NPS]: 'nps',
  [IndicatorKind.CSAT]: 'csat',
  [IndicatorKind.REVIEW_RATING]: 'review',
};

export const ANSWER_KINDS = [
  'rating',
  'choice',
  'yesNo',
  'text',
  'positiveNegative',
  'services',
  'menu',
  'unknown',
] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

export const indicatorScoreSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable().describe('null: the indicator is no longer in the survey'),
  kind: z.enum(INDICATOR_KINDS).nullable(),
  score: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});

export const answerViewSchema = z.object({
  questionId: z.number().int(),
  title: z.string().nullable().describe('null: the question is no longer in the survey'),
  kind: z.enum(ANSWER_KINDS),
  /** The indicator a drill-down hangs on. */
  drilldownOf: z.string().nullable(),
  /** The question this one followed up. */
  followUpOf: z.number().int().nullable(),
  notApplicable: z.boolean(),
  stars: z.object({ value: z.number(), of: z.number().int() }).nullable(),
  choices: z.array(z.string()).describe('The labels of the choices ticked'),
  yes: z.boolean().nullable(),
  text: z.string().nullable().describe('A comment, or the why of a yes/no'),
  positive: z.string().nullable(),
  negative: z.string().nullable(),
  services: z.array(
    z.object({
      name: z.string(),
      answers: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});
export type AnswerView = z.infer<typeof answerViewSchema>;

export const dishViewSchema = z.object({
  questionId: z.number().int(),
  ref: z.string(),
  name: z.string().nullable().describe('null: the product is no longer on the menu'),
  rating: z.number().int().describe('1 bad, 2 neutral, 3 good'),
  ratingLabel: z.string().nullable(),
  reasons: z.array(z.string()),
  comment: z.string().nullable(),
  otherReason: z.string().nullable(),
});
export type DishView = z.infer<typeof dishViewSchema>;

export const staffViewSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  text: z.string().nullable(),
});
export type StaffView = z.infer<typeof staffViewSchema>;

/** GET /console/responses/{id}'s answer. */
export const responseDetailSchema = z.object({
  id: z.number().int(),
  branch: named.nullable(),
  survey: named,
  visitDatetime: z.string(),
  receivedAt: z.string().describe('When the server stored it (ISO 8601)'),
  source: z.enum(RESPONSE_SOURCES),
  device: z.object({ kind: z.enum(['tablet', 'web']), userAgent: z.string().nullable() }),
  language: z.string().nullable(),
  surveyVersion: z
    .number()
    .int()
    .nullable()
    .describe('The survey version the guest answered (decision 0256); null: a response from before versions'),
  tableId: z.string().nullable(),
  csat: z.number().nullable(),
  nps: z.number().nullable(),
  npsGroup: z.enum(NPS_GROUPS).nullable(),
  complaint: z.boolean(),
  indicators: z.array(indicatorScoreSchema),
  answers: z.array(answerViewSchema),
  dishes: z.array(dishViewSchema),
  staff: staffViewSchema.nullable(),
  photo: z
    .object({ imageUrl: z.string(), thumbnailUrl: z.string(), width: z.number(), height: z.number() })
    .nullable(),
  voucher: z
    .object({
      code: z.string(),
      name: z.string().nullable(),
      state: z.enum(['issued', 'withdrawn']).describe('withdrawn: a tablet’s guest never saw it (D4.65)'),
      issuedAt: z.string().nullable(),
    })
    .nullable(),
  receipt: z
    .object({
      checkId: z.string().nullable(),
      covers: z.number().int(),
      total: z.number(),
      openedAt: z.string(),
      items: z.array(z.object({ name: z.string(), price: z.number().nullable(), quantity: z.number() })),
    })
    .nullable(),
  contact: z
    .object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      birthday: z.string().nullable(),
      anniversary: z.string().nullable(),
      givenAt: z.string(),
    })
    .nullable(),
  contactDeleted: z
    .boolean()
    .describe('The guest gave contact details and they were deleted (decision 0233)'),
  contactRetentionDays: z.number().int(),
  /** The case an alert opened on the response (issue 30 item 2), if any; absent from older servers. */
  case: z
    .object({ id: z.number().int(), status: z.enum(['open', 'in_progress', 'resolved']) })
    .nullable()
    .optional(),
});
export type ResponseDetail = z.infer<typeof responseDetailSchema>;

/** The indicators the guest scored, named and ranged from the survey's definition. */
export function labelIndicators(
  given: Answers['indicators'],
  indicators: readonly Indicator[],
): z.infer<typeof indicatorScoreSchema>[] {
  return given.map(({ id, score }) => {
    const indicator = indicators.find((i) => i.id === id);
    return {
      id,
      name: indicator?.name ?? null,
      kind: indicator ? (KIND_OF[indicator.kind] ?? null) : null,
      score,
      min: indicator?.trueMin ?? null,
      max: indicator?.trueMax ?? null,
    };
  });
}

function kindOf(question: Question | undefined): AnswerKind {
  if (!question) return 'unknown';
  if (question.services !== null) return 'services';
  if (question.questionType === QuestionType.MENU_INSIGHT) return 'menu';
  switch (question.otherQuestionsFormat) {
    case QuestionFormat.ONE_DROPDOWN:
    case QuestionFormat.ONE_RADIO:
    case QuestionFormat.ONE_CHECKBOX:
      return 'choice';
    case QuestionFormat.YES_NO_WHY:
      return 'yesNo';
    case QuestionFormat.TEXT_SINGLE:
    case QuestionFormat.TEXT_MULTIPLE:
      return question.commentMode === 'positive_negative' ? 'positiveNegative' : 'text';
    default:
      if (question.commentMode === 'positive_negative') return 'positiveNegative';
      return question.commentMode !== null ? 'text' : 'rating';
  }
}

const labelOf = (choices: readonly IdText[], value: number | string): string =>
  choices.find((c) => String(c.id) === String(value))?.text ?? String(value);

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function servicesOf(question: Question, answer: Answers['questions'][number]['answer']) {
  return (answer.extra?.services ?? []).map((given) => {
    const service = question.services?.find((s) => s.id === given.id);
    return {
      name: service?.name ?? given.id,
      answers: given.answers.map((sub) => {
        const config = service?.subQuestions.find((s) => s.id === sub.id);
        const value = Array.isArray(sub.value)
          ? sub.value.map((v) => labelOf(config?.choices ?? [], v)).join(', ')
          : String(sub.value);
        return { label: config?.label ?? sub.id, value };
      }),
    };
  });
}

/**
 * Every answer as the guest gave it, in the order given, labelled from the survey's questions: the
 * question's text, choice labels, stars of a rating, yes/no and its why, both boxes of a
 * positive/negative comment, a services list; which indicator a drill-down hangs on and which question
 * a follow-up followed. A question the survey no longer has keeps its raw values.
 */
export function labelAnswers(
  given: Answers['questions'],
  questions: readonly Question[],
  indicators: readonly Indicator[],
): AnswerView[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const parentOf = new Map<number, number>();
  for (const q of questions) for (const child of q.followUpQuestions) parentOf.set(child, q.id);
  return given.map(({ id, answer }) => {
    const question = byId.get(id);
    const kind = kindOf(question);
    const raw = answer.choices ?? [];
    const view: AnswerView = {
      questionId: id,
      title: question?.text ?? null,
      kind,
      drilldownOf:
        question?.indicatorId != null
          ? (indicators.find((i) => i.id === question.indicatorId)?.name ?? null)
          : null,
      followUpOf: question?.linkedQuestion ?? parentOf.get(id) ?? null,
      notApplicable: answer.notApplicable === true,
      stars: null,
      choices: [],
      yes: null,
      text: textOrNull(answer.text),
      positive: null,
      negative: null,
      services: [],
    };
    if (kind === 'rating' && typeof raw[0] === 'number')
      view.stars = { value: raw[0], of: question?.numberStars ?? raw[0] };
    else if (kind === 'yesNo') {
      const first = raw[0];
      const word = typeof first === 'string' ? first.trim().toLowerCase() : first;
      view.yes = word === 'yes' || word === 1 ? true : word === 'no' || word === 0 ? false : null;
    } else if (kind === 'positiveNegative') {
      view.positive = textOrNull(raw[0]);
      view.negative = textOrNull(raw[1]);
    } else if (kind === 'services' && question) view.services = servicesOf(question, answer);
    else if (kind !== 'menu')
      view.choices = raw.map((v) => labelOf(question?.otherQuestionsAnswers ?? [], v));
    return view;
  });
}

/**
 * Each dish the guest rated (menu insight), in order: its name by menu ref (`names`), the rating's own
 * title where the question sets one, the reasons' labels from the rating's reason section (reason ids are
 * per section), the comment and "other" reason.
 */
export function labelDishes(
  given: Answers['questions'],
  questions: readonly Question[],
  names: Readonly<Record<string, string>>,
): DishView[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return given.flatMap(({ id, answer }) =>
    (answer.extra?.menuInsight ?? []).map((dish) => {
      const question = byId.get(id);
      const sections = question?.menuInsight?.reasonSections ?? [];
      const section = sections.find((s) => s.aspectRatingId === dish.aspectRatingId);
      const rating = question?.aspectRatings.find((a) => a.aspectRatingId === dish.aspectRatingId);
      const reasonChoices = [...(section?.reasons ?? []), ...(rating?.reasons ?? [])];
      return {
        questionId: id,
        ref: dish.ref,
        name: names[dish.ref] ?? null,
        rating: dish.aspectRatingId,
        ratingLabel: rating?.title ?? null,
        reasons: dish.reasons.map((reason) => labelOf(reasonChoices, reason)),
        comment: textOrNull(dish.comment),
        otherReason: textOrNull(dish.otherReason),
      };
    }),
  );
}

/**
 * The staff member thanked: the member chosen (its name from the branch's team) with the tags' labels
 * and the text, or the name the guest typed where the survey asks for one (render type 0).
 */
export function labelStaff(
  answer: CreatePayload['staff'] | undefined,
  member: { id: number; name: string } | null,
  tagChoices: readonly IdText[],
): StaffView | null {
  if (answer === undefined) return member ? { id: member.id, name: member.name, tags: [], text: null } : null;
  if (answer.renderType === 0)
    return { id: null, name: null, tags: [], text: textOrNull(answer.description) };
  const tags: string[] = [];
  let text: string | null = null;
  for (const sub of answer.subQuestions) {
    if (sub.question_type === 'tags') tags.push(...sub.answers.map((v) => labelOf(tagChoices, v)));
    else if (sub.question_type === 'text') text = textOrNull(sub.answers[0]);
  }
  return { id: member?.id ?? answer.staffId, name: member?.name ?? null, tags, text };
}
