// The question editor (issue 31): one question of a survey document, every type and format.
// Contract used by features/surveys (the editor shell, which owns the document):
//   <QuestionEditor document={doc} index={i} faults={faultsUnder(`questions.${i}`)} onChange={(q) => …} />
//   blankQuestion(kind, document) → a new Question of that kind with a fresh id, on the first section.
//   QUESTION_KINDS: the kinds offered by "Add question", each with its label key.
export { blankQuestion, QUESTION_KINDS, type QuestionKind } from './kinds';
export { QuestionEditor, type QuestionEditorProps } from './question-editor';
