import { Button, Fieldset, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import type { IdText } from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionFaults } from './faults';
import { moved, nextId, replaced, without } from './options';

interface NumberFieldProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  min?: number;
  max?: number;
  /** Keep typed values within min..max (where the schema itself refuses others). */
  strict?: boolean;
  decimals?: boolean;
  w?: number;
}

/**
 * A number the operator may clear and retype: the text is kept here, and the question changes only
 * when it reads as a number.
 */
export function NumberField({ value, onChange, strict, decimals, ...props }: NumberFieldProps) {
  const [text, setText] = useState<string | number>(value);
  useEffect(() => setText((old) => (Number(old) === value && old !== '' ? old : value)), [value]);
  return (
    <NumberInput
      {...props}
      value={text}
      allowDecimal={decimals === true}
      clampBehavior={strict ? 'strict' : 'none'}
      onChange={(next) => {
        setText(next);
        if (typeof next === 'number' && Number.isFinite(next)) onChange(next);
      }}
    />
  );
}

interface ItemControlsProps {
  /** What the item is called in the buttons' names ("answer 2"). */
  item: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}

/** Move up, move down and remove, for one item of a list. */
export function ItemControls({ item, index, count, onMove, onRemove }: ItemControlsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={t('surveyEditor.question.moveUp', { item })}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </Button>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={t('surveyEditor.question.moveDown', { item })}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </Button>
      <Button
        variant="subtle"
        color="red"
        size="compact-sm"
        aria-label={t('surveyEditor.question.remove', { item })}
        onClick={onRemove}
      >
        ✕
      </Button>
    </Group>
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
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="xs">
        {items.map((item, index) => {
          const label = itemLabel(index + 1);
          return (
            <Group key={item.id} align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label={label}
                value={item.text}
                error={faults.at(`${path}.${index}`)}
                onChange={(event) =>
                  onChange(replaced(items, index, { ...item, text: event.currentTarget.value }))
                }
              />
              <ItemControls
                item={label}
                index={index}
                count={items.length}
                onMove={(delta) => onChange(moved(items, index, delta))}
                onRemove={() => onChange(without(items, index))}
              />
            </Group>
          );
        })}
        {listFault ? (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {listFault}
          </div>
        ) : null}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() => onChange([...items, { id: nextId(items), text: '' }])}
          >
            {addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
