/** Small builders for the survey engine's tests (not exported from the package). */
import { IndicatorKind, QuestionType } from '../enums';
import { seededRandom } from '../random';
import { type Question, type QuestionInput, questionSchema } from '../schemas/question';
import { type Survey, type SurveyInput, surveySchema } from '../schemas/survey';
import type { Transaction } from '../schemas/transaction';
import { surveyContext } from './context';
import type { BuiltSection, IndicatorScores, PlanEntry, SurveyContext } from './types';

export const q = (id: number, fields: Partial<QuestionInput> = {}): Question =>
  questionSchema.parse({
    id,
    templateId: 1,
    sectionId: 'main',
    questionType: QuestionType.OTHER,
    text: `Q${id}`,
    ...fields,
  });

const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };
const roomy = { maximum: 100, indicatorRule: noRule };

export const surveyWith = (fields: Partial<SurveyInput> = {}): Survey =>
  surveySchema.parse({
    templateId: 1,
    surveyId: 1,
    surveyTypeId: 1,
    slug: 'test',
    name: 'Test',
    templateLocale: 'en-gb',
    eposEnabled: true,
    showPinScreen: false,
    tableNumberEntry: false,
    maximumQuestionCount: 100,
    averageServiceTime: 60,
    sections: [{ id: 'main', name: 'Main', weight: 50 }],
    indicatorsRenderType: 0,
    indicators: [
      {
        id: 1,
        name: 'Food',
        kind: IndicatorKind.SURVEY_RATING,
        weight: 100,
        isRequired: true,
        trueMin: 1,
        trueMax: 5,
        csatWeight: 1,
      },
      {
        id: 2,
        name: 'Recommend',
        kind: IndicatorKind.NPS,
        weight: 90,
        isRequired: true,
        trueMin: 0,
        trueMax: 10,
        csatWeight: 0,
      },
      {
        id: 3,
        name: 'Overall',
        kind: IndicatorKind.CSAT,
        weight: 80,
        isRequired: false,
        trueMin: 1,
        trueMax: 5,
        csatWeight: 1,
      },
    ],
    maxima: {
      other: roomy,
      contextSensitive: roomy,
      productRelated: roomy,
      drilldown: { ...roomy, maximumPerIndicator: 100 },
      menuInsight: roomy,
    },
    staffSelector: { enabled: false, renderType: 0, followup: 0 },
    managerFeedback: { enabled: false },
    aiRecommendation: { suggestionsEnabled: false },
    recommendation: { enabled: false },
    dataCapture: { enabled: false },
    ...fields,
  });

export const transaction = (covers = 2, subtotal = 60): Transaction => ({
  check: { covers, subtotal, avgSpentPerHead: subtotal / covers, checkOpenTime: '2025-06-14 19:00:00' },
  checkOpenTime: '2025-06-14 19:00:00',
  menuItems: [],
});

/** A context for Saturday 14 June 2025, 19:30, with the given transaction and scores. */
export const ctx = (
  fields: {
    transaction?: Transaction | null;
    visitDateTime?: string;
    scores?: IndicatorScores;
    seed?: number;
  } = {},
): SurveyContext =>
  surveyContext({
    transaction: fields.transaction === undefined ? transaction() : fields.transaction,
    visitDateTime: fields.visitDateTime ?? '2025-06-14 19:30:00',
    indicatorScores: fields.scores ?? {},
    random: seededRandom(fields.seed ?? 1),
  });

/** True when every follow-up comes after its anchor with only the anchor's other follow-ups between. */
export function followUpsStayWithAnchors(built: readonly BuiltSection[]): boolean {
  return built.every(({ entries }) => {
    const anchors = new Map(entries.map((e) => [e.questionId, e.anchorId]));
    const descends = (entry: PlanEntry, ancestor: number) => {
      for (let a = entry.anchorId; a !== null && a !== undefined; a = anchors.get(a) ?? null)
        if (a === ancestor) return true;
      return false;
    };
    return entries.every((entry, i) => {
      if (entry.anchorId === null) return true;
      const at = entries.findIndex((e) => e.questionId === entry.anchorId);
      return (
        at >= 0 &&
        at < i &&
        entries.slice(at + 1, i).every((between) => descends(between, entry.anchorId as number))
      );
    });
  });
}
