// The question editor (issue 31): one question of a survey document, every type and format.
// Contract used by features/surveys (the editor shell, which owns the document):
//   <QuestionEditor document={doc} index={i} faults={faultsUnder(`questions.${i}`)} onChange={(q) => …} />
//   blankQuestion(kind, document) → a new Question of that kind with a fresh id, on the first section.
//   QUESTION_KINDS: the kinds offered by "Add question", each with its label key.
// With many questions, pass an onChange that stays the same function for an index (useCallback/useMemo
// with a functional state update): the editor then renders again only when its own question, the
// sections, the indicators, the questions' ids and texts or its faults change (issue 31 item 7).
export { blankQuestion, QUESTION_KINDS, type QuestionKind } from './kinds';
export { QuestionEditor, type QuestionEditorProps } from './question-editor';
