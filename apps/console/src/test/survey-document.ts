import {
  type Question,
  type QuestionInput,
  QuestionType,
  questionSchema,
  type Survey,
  type SurveyDocument,
  type SurveyInput,
  surveySchema,
} from '@venue-voice/domain';
import { blankDocument } from '../features/surveys/testing';

/** A publishable document: the blank survey a new one starts as, with its one comment question. */
export function fixtureDocument(): SurveyDocument {
  return blankDocument({
    name: 'Lunch survey',
    slug: 'lunch',
    language: 'en-gb',
    sectionName: 'Your visit',
    indicatorName: 'Overall',
    questionText: 'Anything else?',
  });
}

const blankSurvey = () => fixtureDocument().survey;

/** The blank survey's rating indicator, named `name` (id 1, weight 100, required, 1 to 5). */
export const ratingIndicator = (name: string) => ({ ...blankSurvey().indicators[0], name });

/** Maxima of `maximum` questions of each kind and `perIndicator` drill-downs, with no indicator rule. */
export const maxima = (maximum: number, perIndicator = maximum) => {
  const roomy = { maximum, indicatorRule: blankSurvey().managerFeedback.indicatorRule };
  return {
    other: roomy,
    contextSensitive: roomy,
    productRelated: roomy,
    drilldown: { ...roomy, maximumPerIndicator: perIndicator },
    menuInsight: roomy,
  };
};

/**
 * A survey for a console test, parsed by the domain's schema: the blank survey's settings (no staff
 * selector, feedback or recommendation), survey 7 in `Main` with the rating indicator Food, with `fields`
 * over them.
 */
export function testSurvey(fields: Partial<SurveyInput> = {}): Survey {
  return surveySchema.parse({
    ...blankSurvey(),
    templateId: 7,
    surveyId: 7,
    surveyTypeId: 1,
    slug: 'test',
    name: 'Test',
    maximumQuestionCount: 100,
    sections: [{ id: 'main', name: 'Main', weight: 50 }],
    indicatorsRenderType: 0,
    indicators: [ratingIndicator('Food')],
    maxima: maxima(100),
    staffSelector: { enabled: false, renderType: 0, followup: 0 },
    ...fields,
  });
}

/** A question of survey 7's `main` section, parsed by the domain's schema. */
export const testQuestion = (id: number, fields: Partial<QuestionInput> = {}): Question =>
  questionSchema.parse({
    id,
    templateId: 7,
    sectionId: 'main',
    questionType: QuestionType.OTHER,
    text: `Q${id}`,
    ...fields,
  });

/** The preview tests' survey: Demo Bistro (4), ten questions at most, no indicators. */
export const previewSurvey = () =>
  testSurvey({
    templateId: 4,
    surveyId: 4,
    slug: 'demo-bistro',
    name: 'Demo Bistro',
    maximumQuestionCount: 10,
    indicators: [],
    maxima: maxima(10),
  });

/** A question of the preview tests' survey, weighted so that lower ids come first. */
export const previewQuestion = (id: number, text: string, fields: Partial<QuestionInput> = {}) =>
  testQuestion(id, { templateId: 4, text, weight: 100 - id, ...fields });
