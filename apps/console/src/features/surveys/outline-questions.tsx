import { Box, Group, Stack, Text } from '@mantine/core';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableItem, SortableList, useSameIds } from '../../ui/sortable';
import type { Part } from './editor-faults';
import { Entry } from './outline-entry';

/** What the outline shows of a question: enough to name it, so typing elsewhere re-renders none. */
export interface OutlineQuestion {
  id: number;
  text: string;
  sectionId: string;
}

interface OutlineQuestionsProps {
  sections: readonly { id: string; name: string }[];
  questions: readonly OutlineQuestion[];
  selected: Part;
  faultCounts: ReadonlyMap<Part, number>;
  /** Whether the questions may be dragged to another place in their section. */
  editable: boolean;
  onSelect(part: Part): void;
  /** Question `fromId` was dropped at the place of question `toId`, both of one section (O15.51). */
  onMove(fromId: number, toId: number): void;
}

/**
 * The outline's questions grouped by section, each group a list of its own (decision 0263): a question is
 * dragged among its section's questions only, as Move up and Move down move it.
 */
export function OutlineQuestions({ sections, questions, ...rest }: OutlineQuestionsProps) {
  const { t } = useTranslation();
  const groups = useMemo(() => {
    const known = new Set(sections.map((s) => s.id));
    const bySection = sections.map((section) => ({
      key: section.id,
      name: section.name || section.id,
      items: questions.filter((q) => q.sectionId === section.id),
    }));
    const lost = questions.filter((q) => !known.has(q.sectionId));
    return lost.length > 0
      ? [...bySection, { key: '', name: t('surveyEditor.outline.noSection'), items: lost }]
      : bySection;
  }, [sections, questions, t]);
  return groups.map((group) => (
    <QuestionGroup key={group.key} name={group.name} items={group.items} {...rest} />
  ));
}

const QuestionGroup = memo(function QuestionGroup({
  name,
  items,
  selected,
  faultCounts,
  editable,
  onSelect,
  onMove,
}: Omit<OutlineQuestionsProps, 'sections' | 'questions'> & {
  name: string;
  items: readonly OutlineQuestion[];
}) {
  const { t } = useTranslation();
  const labelOf = useCallback(
    (question: OutlineQuestion) =>
      question.text.trim() || t('surveyEditor.outline.untitled', { id: question.id }),
    [t],
  );
  // The same ids while only texts change: typing a question's text leaves the other entries alone.
  const ids = useSameIds(items.map((q) => q.id));
  const entries = items.map((question) => {
    const part: Part = `q:${question.id}`;
    const shown = {
      label: labelOf(question),
      active: selected === part,
      faults: faultCounts.get(part) ?? 0,
      onSelect,
    };
    return editable ? (
      <SortableEntry key={question.id} id={question.id} {...shown} />
    ) : (
      <Entry key={question.id} part={part} {...shown} />
    );
  });
  return (
    <Stack gap={0} pl="xs">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" pt="xs" pb={2}>
        {name}
      </Text>
      {items.length === 0 && (
        <Text size="xs" c="dimmed" pl="xs">
          {t('surveyEditor.outline.emptySection')}
        </Text>
      )}
      {editable ? (
        <SortableList
          ids={ids}
          nameOf={(id) => {
            const question = items.find((q) => q.id === id);
            return question ? labelOf(question) : String(id);
          }}
          onMove={(from, to) => {
            const [fromId, toId] = [ids[from], ids[to]];
            if (fromId !== undefined && toId !== undefined) onMove(fromId, toId);
          }}
        >
          {entries}
        </SortableList>
      ) : (
        entries
      )}
    </Stack>
  );
});

/** A question's entry with its drag handle before it; memoised on its own props like {@link Entry}. */
const SortableEntry = memo(function SortableEntry({
  id,
  label,
  active,
  faults,
  onSelect,
}: {
  id: number;
  label: string;
  active: boolean;
  faults: number;
  onSelect(part: Part): void;
}) {
  return (
    <SortableItem id={id}>
      {(handle) => (
        <Group gap={2} wrap="nowrap" align="center">
          {handle(label)}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Entry part={`q:${id}`} label={label} active={active} faults={faults} onSelect={onSelect} />
          </Box>
        </Group>
      )}
    </SortableItem>
  );
});
