import {
  documentOf,
  IndicatorKind,
  type Language,
  QuestionFormat,
  QuestionType,
  questionSchema,
  type SurveyDocument,
  type SurveyDocumentAnswer,
  surveySchema,
  type Translations,
} from '@venue-voice/domain';

const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };
const roomy = { maximum: 100, indicatorRule: noRule };

/** A survey for the translations screen's tests, with `questions` multiple-choice questions of 2 answers. */
export function surveyDocument(
  questions = 2,
  languages: Language[] = ['en-gb', 'de'],
  translations: Translations = {},
): SurveyDocument {
  const survey = surveySchema.parse({
    templateId: 7,
    surveyId: 7,
    surveyTypeId: 1,
    slug: 'terrace',
    name: 'Terrace',
    templateLocale: 'en-gb',
    eposEnabled: false,
    showPinScreen: false,
    tableNumberEntry: false,
    maximumQuestionCount: 100,
    averageServiceTime: 60,
    sections: [{ id: 'main', name: 'Main', weight: 50, title: 'How was it?' }],
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
  });
  const list = Array.from({ length: questions }, (_, index) =>
    questionSchema.parse({
      id: 100 + index,
      templateId: 7,
      sectionId: 'main',
      questionType: QuestionType.OTHER,
      otherQuestionsFormat: QuestionFormat.ONE_RADIO,
      text: `Question text ${index + 1}`,
      otherQuestionsAnswers: [
        { id: 1, text: `Yes ${index + 1}` },
        { id: 2, text: `No ${index + 1}` },
      ],
    }),
  );
  return documentOf(survey, list, languages, translations);
}

/** GET …/document's answer: the published version and, when given, a draft. */
export function documentAnswer(
  published: SurveyDocument,
  options: { draft?: SurveyDocument; editable?: boolean } = {},
): SurveyDocumentAnswer {
  return {
    id: 7,
    editable: options.editable ?? true,
    branchIds: [1],
    published: { version: 3, document: published, publishedAt: '2026-11-01T10:00:00Z', publishedBy: null },
    draft: options.draft
      ? {
          document: options.draft,
          basedOn: 3,
          updatedAt: '2026-11-20T10:00:00Z',
          updatedBy: null,
          faults: [],
        }
      : null,
  };
}
