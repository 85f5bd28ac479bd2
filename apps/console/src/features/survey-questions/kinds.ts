import {
  EDITOR_QUESTION_KINDS,
  type EditorQuestionKind,
  type Question,
  questionOfKind,
  type SurveyDocument,
} from '@venue-voice/domain';

/** The kinds "Add question" offers (issue 31 item 1), each with its label key; the domain builds them. */
export const QUESTION_KINDS = EDITOR_QUESTION_KINDS.map((kind) => ({
  kind,
  label: `surveyEditor.kind.${kind}` as const,
}));
export type QuestionKind = EditorQuestionKind;

/**
 * A new question of `kind` with the next free id, on the document's first section (drill-downs on the
 * survey's first indicator of their kind): it passes the schema and adds no fault.
 */
export const blankQuestion = (kind: QuestionKind, document: SurveyDocument): Question =>
  questionOfKind(kind, document);
