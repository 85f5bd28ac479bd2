import { type Question, QuestionType, questionSchema, type SurveyDocument } from '@venue-voice/domain';

/** The kinds "Add question" offers; each maps to a question type and format (features/survey-questions). */
export const QUESTION_KINDS = [{ kind: 'comment', label: 'surveyEditor.kind.comment' }] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number]['kind'];

/** A new question of `kind` with the next free id, on the document's first section. */
export function blankQuestion(_kind: QuestionKind, document: SurveyDocument): Question {
  const id = Math.max(0, ...document.questions.map((q) => q.id)) + 1;
  return questionSchema.parse({
    id,
    templateId: document.survey.templateId,
    sectionId: document.survey.sections[0]?.id ?? '',
    questionType: QuestionType.OTHER,
    text: '',
    otherQuestionsFormat: 6,
    commentMode: 'comment',
  });
}
