import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { EditorFault, Question, SurveyDocument } from '@venue-voice/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../ui/confirm-action';
import { QuestionEditor } from '../survey-questions';
import { moveQuestion, sectionNeighbour, setIn } from './document-edit';
import { editorFaultText, faultsUnder } from './editor-faults';

/** One question's form (features/survey-questions) with the shell's Move up, Move down and Delete. */
export function QuestionPane({
  document,
  index,
  faults,
  editable,
  setDocument,
  onDeleted,
}: {
  document: SurveyDocument;
  index: number;
  faults: readonly EditorFault[];
  editable: boolean;
  setDocument(change: (doc: SurveyDocument) => SurveyDocument): void;
  onDeleted(): void;
}) {
  const { t } = useTranslation();
  const question = document.questions[index];
  const onChange = useCallback(
    (changed: Question) => setDocument((doc) => setIn(doc, `questions.${index}`, changed)),
    [index, setDocument],
  );
  if (!question) return null;
  const name = question.text.trim() || t('surveyEditor.outline.untitled', { id: question.id });
  const sectionmates = document.questions.filter((q) => q.sectionId === question.sectionId);
  const place = sectionmates.indexOf(question);
  const move = (step: -1 | 1) =>
    setDocument((doc) => ({
      ...doc,
      questions: moveQuestion(doc.questions, index, sectionNeighbour(doc.questions, index, step)),
    }));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={2} size="h3">
            {t('surveyEditor.questionPane.title', { n: index + 1 })}
          </Title>
          <Text c="dimmed" size="sm" lineClamp={1}>
            {name}
          </Text>
        </Stack>
        {editable && (
          <Group gap="xs">
            <Button variant="default" size="compact-sm" disabled={place <= 0} onClick={() => move(-1)}>
              {t('surveyEditor.questionPane.moveUp')}
            </Button>
            <Button
              variant="default"
              size="compact-sm"
              disabled={place === sectionmates.length - 1}
              onClick={() => move(1)}
            >
              {t('surveyEditor.questionPane.moveDown')}
            </Button>
            {/* A subtle button's text takes its colour's shade 6 at most (3:1 on the page's grey): the text
                is set to red 9 (5.5:1) itself. */}
            <ConfirmAction
              variant="subtle"
              color="red.8"
              c="red.9"
              size="compact-sm"
              danger
              title={t('surveyEditor.questionPane.deleteTitle')}
              text={t('surveyEditor.questionPane.deleteText', { name })}
              confirm={t('surveyEditor.questionPane.delete')}
              onConfirm={() => {
                setDocument((doc) => ({ ...doc, questions: doc.questions.filter((_, n) => n !== index) }));
                onDeleted();
              }}
            >
              {t('surveyEditor.questionPane.delete')}
            </ConfirmAction>
          </Group>
        )}
      </Group>
      {faults
        .filter((fault) => fault.path === `questions.${index}`)
        .map((fault) => (
          <Text key={fault.key} c="red.8" size="sm">
            {editorFaultText(fault, t)}
          </Text>
        ))}
      <QuestionEditor
        document={document}
        index={index}
        faults={faultsUnder(faults, `questions.${index}`)}
        onChange={onChange}
      />
    </Stack>
  );
}
