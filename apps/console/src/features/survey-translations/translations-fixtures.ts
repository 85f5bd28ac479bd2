import {
  documentOf,
  type Language,
  QuestionFormat,
  type SurveyDocument,
  type SurveyDocumentAnswer,
  type Translations,
} from '@venue-voice/domain';
import { testQuestion, testSurvey } from '../../test/survey-document';

/** A survey for the translations screen's tests, with `questions` multiple-choice questions of 2 answers. */
export function surveyDocument(
  questions = 2,
  languages: Language[] = ['en-gb', 'de'],
  translations: Translations = {},
): SurveyDocument {
  const survey = testSurvey({
    slug: 'terrace',
    name: 'Terrace',
    sections: [{ id: 'main', name: 'Main', weight: 50, title: 'How was it?' }],
  });
  const list = Array.from({ length: questions }, (_, index) =>
    testQuestion(100 + index, {
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
    revision: options.draft ? '3.0123456789abcdef0123456789abcdef' : '3.0',
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
