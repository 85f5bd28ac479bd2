import { Badge, Button, Menu, NavLink, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QUESTION_KINDS, type QuestionKind } from '../survey-questions';
import { type Part, SURVEY_PARTS } from './editor-faults';

/** What the outline shows of a question: enough to name it, so typing elsewhere re-renders none. */
export interface OutlineQuestion {
  id: number;
  text: string;
  sectionId: string;
}

interface OutlineProps {
  sections: readonly { id: string; name: string }[];
  questions: readonly OutlineQuestion[];
  selected: Part;
  /** Faults by part, for the count beside each entry. */
  faultCounts: ReadonlyMap<Part, number>;
  editable: boolean;
  onSelect(part: Part): void;
  onAdd(kind: QuestionKind): void;
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
}: OutlineProps) {
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
          {groups.map((group) => (
            <Stack key={group.key} gap={0} pl="xs">
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" pt="xs" pb={2}>
                {group.name}
              </Text>
              {group.items.length === 0 && (
                <Text size="xs" c="dimmed" pl="xs">
                  {t('surveyEditor.outline.emptySection')}
                </Text>
              )}
              {group.items.map((question) => (
                <Entry
                  key={question.id}
                  part={`q:${question.id}`}
                  label={question.text.trim() || t('surveyEditor.outline.untitled', { id: question.id })}
                  active={selected === `q:${question.id}`}
                  faults={faultCounts.get(`q:${question.id}`) ?? 0}
                  onSelect={onSelect}
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </nav>
  );
});

const Entry = memo(function Entry({
  part,
  label,
  active,
  faults,
  onSelect,
}: {
  part: Part;
  label: string;
  active: boolean;
  faults: number;
  onSelect(part: Part): void;
}) {
  const { t } = useTranslation();
  return (
    <NavLink
      component="button"
      type="button"
      label={
        <Text size="sm" lineClamp={1}>
          {label}
        </Text>
      }
      active={active}
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(part)}
      rightSection={
        faults > 0 ? (
          <>
            <Badge color="red.9" size="sm" circle aria-hidden>
              {faults}
            </Badge>
            <VisuallyHidden>{t('surveyEditor.outline.faults', { count: faults })}</VisuallyHidden>
          </>
        ) : null
      }
    />
  );
});
