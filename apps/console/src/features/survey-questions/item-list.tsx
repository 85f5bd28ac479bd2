import { Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import type { IdText } from '@venue-voice/domain';
import { type Key, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableItem, SortableList, useSameIds } from '../../ui/sortable';
import type { QuestionFaults } from './faults';
import { ItemControls } from './fields';
import { moved, movedTo, nextId, replaced, without } from './options';

/** What each item of an {@link ItemList} gets to edit itself. */
export interface ItemEdit<T> {
  index: number;
  /** This item with `patch` applied. */
  change: (patch: Partial<T>) => void;
  /** Drag handle, move up, move down and remove for this item, named `name` ("answer 2") in the buttons. */
  controls: (name: string) => ReactNode;
}

interface ItemListProps<T> {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** The item's React key (its id). */
  keyOf: (item: T) => Key;
  /** One item's fields; put `edit.controls(name)` where its buttons go. */
  children: (item: T, edit: ItemEdit<T>) => ReactNode;
  addLabel: string;
  /** The item the add button appends (with the next id); without it there is no add button. */
  added?: () => T;
  /** Whether remove removes (a list that must keep an item answers false at its last). */
  removable?: boolean;
  /** Shown between the items and the add button (the list's own fault). */
  between?: ReactNode;
  /** With a legend the list is its own fieldset; without, its rows stand in the caller's stack. */
  legend?: string;
  variant?: 'default' | 'unstyled';
  gap?: 'xs' | 'sm';
}

/**
 * A list of the question's items: each one's fields, reorder (drag by the handle, or the arrows: both
 * `movedTo`) and remove, and add at the end.
 */
export function ItemList<T>({
  items,
  onChange,
  keyOf,
  children,
  addLabel,
  added,
  removable = true,
  between,
  legend,
  variant,
  gap = 'sm',
}: ItemListProps<T>) {
  const ids = useSameIds(items.map((item) => String(keyOf(item))));
  // Each item's name as its buttons were last drawn with, for the drag's announcements.
  const names = useRef(new Map<string, string>());
  const rows = (
    <>
      <SortableList
        ids={ids}
        nameOf={(id) => names.current.get(String(id)) ?? String(id)}
        onMove={(from, to) => onChange(movedTo(items, from, to))}
      >
        {items.map((item, index) => {
          const id = String(keyOf(item));
          return (
            <SortableItem key={id} id={id}>
              {(handle) =>
                children(item, {
                  index,
                  change: (patch) => onChange(replaced(items, index, { ...item, ...patch })),
                  controls: (name) => {
                    names.current.set(id, name);
                    return (
                      <ItemControls
                        item={name}
                        index={index}
                        count={items.length}
                        handle={handle(name)}
                        onMove={(delta) => onChange(moved(items, index, delta))}
                        onRemove={() => removable && onChange(without(items, index))}
                      />
                    );
                  },
                })
              }
            </SortableItem>
          );
        })}
      </SortableList>
      {between}
      {added && (
        <Group>
          <Button variant="light" size="xs" onClick={() => onChange([...items, added()])}>
            {addLabel}
          </Button>
        </Group>
      )}
    </>
  );
  if (legend === undefined) return rows;
  return (
    <Fieldset legend={legend} variant={variant}>
      <Stack gap={gap}>{rows}</Stack>
    </Fieldset>
  );
}

interface IdTextListProps {
  legend: string;
  /** The label of item n ("Answer 2"). */
  itemLabel: (n: number) => string;
  addLabel: string;
  items: readonly IdText[];
  onChange: (items: IdText[]) => void;
  faults: QuestionFaults;
  /** The list's path in the question (`otherQuestionsAnswers`). */
  path: string;
}

/** A list of texts with ids (answers, reasons, choices): edit, add (next id), reorder, remove. */
export function IdTextList({ legend, itemLabel, addLabel, items, onChange, faults, path }: IdTextListProps) {
  const listFault = faults.own(path);
  return (
    <ItemList
      legend={legend}
      variant="unstyled"
      gap="xs"
      items={items}
      onChange={onChange}
      keyOf={(item) => item.id}
      addLabel={addLabel}
      added={() => ({ id: nextId(items), text: '' })}
      between={
        listFault ? (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {listFault}
          </div>
        ) : null
      }
    >
      {(item, { index, change, controls }) => {
        const label = itemLabel(index + 1);
        return (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={label}
              value={item.text}
              error={faults.at(`${path}.${index}`)}
              onChange={(event) => change({ text: event.currentTarget.value })}
            />
            {controls(label)}
          </Group>
        );
      }}
    </ItemList>
  );
}

/** The reasons of a rating (an aspect rating or a reason section), at `${at}.reasons` of the question. */
export function ReasonList({
  of,
  at,
  itemLabel,
  faults,
  change,
}: {
  of: { reasons: IdText[] };
  at: string;
  itemLabel: (n: number) => string;
  faults: QuestionFaults;
  change: (patch: { reasons: IdText[] }) => void;
}) {
  const { t } = useTranslation();
  return (
    <IdTextList
      legend={t('surveyEditor.question.reasons')}
      itemLabel={itemLabel}
      addLabel={t('surveyEditor.question.addReason')}
      items={of.reasons}
      faults={faults}
      path={`${at}.reasons`}
      onChange={(reasons) => change({ reasons })}
    />
  );
}
