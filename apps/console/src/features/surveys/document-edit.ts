import {
  IndicatorKind,
  IndicatorRenderType,
  type Language,
  type Question,
  QuestionFormat,
  QuestionType,
  questionSchema,
  StaffFollowUpType,
  StaffRenderType,
  SURVEY_DOCUMENT_FORMAT,
  type SurveyDocument,
  SurveyType,
} from '@venue-voice/domain';

/** A path into the document as the faults name it: `survey.sections.2.weight`. */
export type Path = string;

/** The value at `path` (dotted; numbers index arrays), or undefined. */
export function getIn(root: unknown, path: Path): unknown {
  let node = root;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A copy of `root` with `value` at `path`; only the objects along the path are copied, so every other part
 * (the 199 questions not touched) keeps its identity and its memoised rendering. `undefined` removes the
 * key of an object (an optional colour left empty).
 */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return root;
  const node = root as unknown;
  const child = rest.length === 0 ? value : setIn(getIn(node, head), rest.join('.'), value);
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(head)] = child;
    return copy as T;
  }
  const copy = { ...(node as Record<string, unknown>) };
  if (child === undefined) delete copy[head];
  else copy[head] = child;
  return copy as T;
}

/** The next free number id of a list (1 for an empty one). */
export const nextId = (items: readonly { id: number }[]) => Math.max(0, ...items.map((item) => item.id)) + 1;

/** `list` with the item at `from` moved to `to` (both in range). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  if (item !== undefined) copy.splice(to, 0, item);
  return copy;
}

/**
 * O15.51 Moves question `from` to the place of question `to`, both of one section: a question moves among
 * its own section's questions only (the outline groups them so), and the other sections' questions keep
 * their order. A `to` in another section or out of range changes nothing. Up/down and a drag both end here;
 * weights, section and follow-up links stay as they are (the guest's order is by weight first, G4.5).
 */
export function moveQuestion(questions: readonly Question[], from: number, to: number): Question[] {
  const question = questions[from];
  const target = questions[to];
  if (!question || !target || target.sectionId !== question.sectionId) return [...questions];
  return moved(questions, from, to);
}

/** The index of the question one place up (-1) or down (+1) from `index` within its own section, or -1. */
export function sectionNeighbour(questions: readonly Question[], index: number, step: -1 | 1): number {
  const sectionId = questions[index]?.sectionId;
  if (sectionId === undefined) return -1;
  for (let to = index + step; to >= 0 && to < questions.length; to += step) {
    if (questions[to]?.sectionId === sectionId) return to;
  }
  return -1;
}

/** A slug made of a name: lower-case ASCII letters and digits joined by single hyphens (O15.13). */
export function slugOf(name: string): string {
  return name
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

const noRule = () => ({ indicatorId: null, scoreRequired: null, lowerBound: true, strict: false });

/**
 * The smallest document a new survey starts as: one section, one rating indicator and one placeholder
 * comment question, so that publishFaults names nothing (O15.24: POST /surveys stores it as version 1,
 * decision 0255; it stays inactive until switched on). Texts are in the survey's language; the survey's
 * ids are the server's to give (0 here).
 */
export function blankDocument(input: {
  name: string;
  slug: string;
  language: Language;
  sectionName: string;
  indicatorName: string;
  questionText: string;
}): SurveyDocument {
  const question = questionSchema.parse({
    id: 1,
    templateId: 0,
    sectionId: 'main',
    questionType: QuestionType.OTHER,
    text: input.questionText,
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'comment',
  });
  const maximum = (value: number) => ({ maximum: value, indicatorRule: noRule() });
  return {
    format: SURVEY_DOCUMENT_FORMAT,
    survey: {
      templateId: 0,
      surveyId: 0,
      surveyTypeId: SurveyType.FOOD_AND_DRINK,
      slug: input.slug,
      name: input.name,
      templateLocale: input.language,
      labels: [],
      eposEnabled: false,
      showPinScreen: false,
      tableNumberEntry: false,
      aboutVisitEnabled: true,
      maximumQuestionCount: 20,
      averageServiceTime: 60,
      sections: [{ id: 'main', name: input.sectionName, weight: 100, dependsOn: [], allowSkip: false }],
      indicatorsRenderType: IndicatorRenderType.EMOJI,
      ratingImages: [],
      indicators: [
        {
          id: 1,
          name: input.indicatorName,
          kind: IndicatorKind.SURVEY_RATING,
          weight: 100,
          isRequired: true,
          trueMin: 1,
          trueMax: 5,
          csatWeight: 1,
          topics: [],
        },
      ],
      maxima: {
        other: maximum(10),
        contextSensitive: maximum(2),
        productRelated: maximum(2),
        drilldown: { ...maximum(4), maximumPerIndicator: 2 },
        menuInsight: maximum(1),
      },
      staffSelector: {
        enabled: false,
        indicatorRule: noRule(),
        renderType: StaffRenderType.SELECT,
        followup: StaffFollowUpType.NONE,
        followupRequired: false,
        tags: [],
        filters: [],
      },
      managerFeedback: { enabled: false, indicatorRule: noRule() },
      aiRecommendation: { suggestionsEnabled: false },
      recommendation: { enabled: false, indicatorRule: noRule() },
      reviewSites: [],
      dataCapture: { enabled: false },
      vouchers: [],
      branding: {},
    },
    questions: [question],
    languages: [input.language],
    translations: {},
  };
}
