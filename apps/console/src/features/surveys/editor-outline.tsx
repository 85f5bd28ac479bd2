import { Button, Menu, ScrollArea, Stack } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_KINDS, type QuestionKind } from '../survey-questions';
import { type Part, SURVEY_PARTS } from './editor-faults';
import { Entry } from './outline-entry';
import { type OutlineQuestion, OutlineQuestions } from './outline-questions';

interface OutlineProps {
  sections: readonly { id: string; name: string }[];
  questions: readonly OutlineQuestion[];
  selected: Part;
  /** Faults by part, for the count beside each entry. */
  faultCounts: ReadonlyMap<Part, number>;
  editable: boolean;
  onSelect(part: Part): void;
  onAdd(kind: QuestionKind): void;
  /** A question dragged to another's place in its section (O15.51). */
  onMove(fromId: number, toId: number): void;
}

/**
 * The editor's left outline: the survey's parts, then its questions grouped by section. Memoised, and each
 * entry too, so a keystroke in one question's text re-renders that entry alone (issue 31 item 7).
 */
export const EditorOutline = memo(function EditorOutline({
  sections,
  questions,
  selected,
  faultCounts,
  editable,
  onSelect,
  onAdd,
  onMove,
}: OutlineProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('surveyEditor.outline.label')}>
      <ScrollArea.Autosize mah="calc(100vh - 220px)" type="auto" offsetScrollbars>
        <Stack gap={2}>
          {SURVEY_PARTS.map((part) => (
            <Entry
              key={part}
              part={part}
              label={t(`surveyEditor.parts.${part}`)}
              active={selected === part}
              faults={faultCounts.get(part) ?? 0}
              onSelect={onSelect}
            />
          ))}
          <Entry
            part="questions"
            label={t('surveyEditor.outline.questions', { count: questions.length })}
            active={selected === 'questions'}
            faults={faultCounts.get('questions') ?? 0}
            onSelect={onSelect}
          />
          {editable && (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button variant="light" size="compact-sm" my={4} mx="xs">
                  {t('surveyEditor.outline.addQuestion')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {QUESTION_KINDS.map((kind) => (
                  <Menu.Item key={kind.kind} onClick={() => onAdd(kind.kind)}>
                    {t(kind.label)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <OutlineQuestions
            sections={sections}
            questions={questions}
            selected={selected}
            faultCounts={faultCounts}
            editable={editable}
            onSelect={onSelect}
            onMove={onMove}
          />
        </Stack>
      </ScrollArea.Autosize>
    </nav>
  );
});
