import { TextInput } from '@mantine/core';
import type { EditorFault, Question, SurveyDocument } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';

export interface QuestionEditorProps {
  document: SurveyDocument;
  /** The question's position in document.questions. */
  index: number;
  /** The faults whose path starts with `questions.<index>` (paths are the document's). */
  faults: EditorFault[];
  onChange: (question: Question) => void;
}

/** One question's fields; the question helper replaces this first cut with every type and format. */
export function QuestionEditor({ document, index, faults, onChange }: QuestionEditorProps) {
  const { t } = useTranslation();
  const question = document.questions[index];
  if (!question) return null;
  const textFault = faults.find((f) => f.path === `questions.${index}.text`);
  return (
    <TextInput
      label={t('surveyEditor.question.text')}
      value={question.text}
      error={textFault ? t(textFault.key, textFault.params) : undefined}
      onChange={(event) => onChange({ ...question, text: event.currentTarget.value })}
    />
  );
}
