import { z } from 'zod';
import { Language } from '../enums';
import { language } from '../schemas/common';
import { type Question, questionSchema } from '../schemas/question';
import { type Survey, surveySchema } from '../schemas/survey';

/** The version of the document's shape; an import of another shape is refused by the schema. */
export const SURVEY_DOCUMENT_FORMAT = 1;

/** A text in another language, by the key `textEntries` gives it (O15.20). */
export const translationsSchema = z.partialRecord(
  z.enum(Language),
  z.record(z.string().max(200), z.string().max(5_000)),
);
export type Translations = z.infer<typeof translationsSchema>;

/**
 * A survey as the editor, the API, import/export and the demo seed all hold it (issue 31, decision 0254):
 * the survey and its questions exactly as the engine reads them, with texts in the survey's own language
 * (`survey.templateLocale`), the languages it is offered in and the other languages' texts by key.
 * The zod schema here is the one truth; `documentFaults` adds what one field cannot say alone.
 */
export const surveyDocumentSchema = z.object({
  format: z.literal(SURVEY_DOCUMENT_FORMAT),
  survey: surveySchema,
  questions: z.array(questionSchema).max(500),
  /** The languages a guest may take the survey in; the survey's own language is one of them (O15.21). */
  languages: z.array(language).min(1),
  translations: translationsSchema.default({}),
});
export type SurveyDocument = z.infer<typeof surveyDocumentSchema>;
export type SurveyDocumentInput = z.input<typeof surveyDocumentSchema>;

/** A document made of a stored survey (its definition and questions columns) offered in its own language. */
export function documentOf(
  survey: Survey,
  questions: Question[],
  languages?: Language[],
  translations: Translations = {},
): SurveyDocument {
  return {
    format: SURVEY_DOCUMENT_FORMAT,
    survey,
    questions,
    languages: languages && languages.length > 0 ? languages : [survey.templateLocale],
    translations,
  };
}
