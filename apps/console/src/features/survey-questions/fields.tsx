import { Button, Group, NumberInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  /** The item's drag handle, first (an item of a sortable list, decision 0263). */
  handle?: ReactNode;
}

/** The drag handle, move up, move down and remove, for one item of a list. */
export function ItemControls({ item, index, count, onMove, onRemove, handle }: ItemControlsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {handle}
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
