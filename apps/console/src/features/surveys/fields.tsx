import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getIn } from './document-edit';
import { useEditor } from './editor-context';
import { editorFaultText, faultsUnder } from './editor-faults';

/** The value at `path`, its setter, and the text of the first fault there or below it (shown beside it). */
export function useField(path: string) {
  const { t } = useTranslation();
  const { document, set, faults } = useEditor();
  const fault = faultsUnder(faults, path)[0];
  return {
    value: getIn(document, path),
    set: (value: unknown) => set(path, value),
    error: fault ? editorFaultText(fault, t) : undefined,
  };
}

interface FieldProps {
  path: string;
  label: string;
  description?: string;
}

/** A text; `optional` removes the key when emptied (an optional branding part). */
export function TextField({ path, label, description, optional }: FieldProps & { optional?: boolean }) {
  const field = useField(path);
  return (
    <TextInput
      label={label}
      description={description}
      value={typeof field.value === 'string' ? field.value : ''}
      error={field.error}
      onChange={(event) => {
        const text = event.currentTarget.value;
        field.set(optional && text === '' ? undefined : text);
      }}
    />
  );
}

/**
 * A number. While the box holds no number (emptied to type another), the document keeps its last one;
 * `nullable` stores an empty box as null (no chance, no expiry).
 */
export function NumberField({
  path,
  label,
  description,
  nullable,
  min,
  max,
  decimals,
}: FieldProps & { nullable?: boolean; min?: number; max?: number; decimals?: boolean }) {
  const field = useField(path);
  const [typing, setTyping] = useState<string | null>(null);
  const value = typeof field.value === 'number' ? field.value : '';
  return (
    <NumberInput
      label={label}
      description={description}
      value={typing ?? value}
      min={min}
      max={max}
      allowDecimal={decimals ?? false}
      error={field.error}
      onChange={(next) => {
        if (typeof next === 'number') {
          setTyping(null);
          field.set(next);
        } else if (nullable && next === '') {
          setTyping(null);
          field.set(null);
        } else setTyping(next);
      }}
      onBlur={() => setTyping(null)}
    />
  );
}

export function SwitchField({ path, label, description }: FieldProps) {
  const field = useField(path);
  return (
    <Switch
      label={label}
      description={description}
      checked={field.value === true}
      error={field.error}
      onChange={(event) => field.set(event.currentTarget.checked)}
    />
  );
}

export interface Option<V> {
  value: V;
  label: string;
}

/** A choice of values (numbers or strings); `nullable` offers "None" as null. */
export function SelectField<V extends string | number | boolean>({
  path,
  label,
  description,
  options,
  nullable,
}: FieldProps & { options: readonly Option<V>[]; nullable?: boolean }) {
  const { t } = useTranslation();
  const field = useField(path);
  const data = [
    ...(nullable ? [{ value: '', label: t('surveyEditor.none') }] : []),
    ...options.map((option) => ({ value: String(option.value), label: option.label })),
  ];
  return (
    <Select
      label={label}
      description={description}
      data={data}
      value={field.value === null || field.value === undefined ? '' : String(field.value)}
      allowDeselect={false}
      error={field.error}
      comboboxProps={{ withinPortal: true }}
      onChange={(chosen) => {
        if (chosen === '' || chosen === null) return field.set(null);
        const option = options.find((o) => String(o.value) === chosen);
        if (option) field.set(option.value);
      }}
    />
  );
}

/** The options of a numeric enum, each labelled by `prefix.<NAME in camel case>`. */
export function enumOptions<T extends Record<string, number>>(
  values: T,
  label: (name: string) => string,
): Option<T[keyof T]>[] {
  return Object.entries(values).map(([name, value]) => ({
    value: value as T[keyof T],
    label: label(name.toLowerCase().replace(/_(\w)/g, (_, c: string) => c.toUpperCase())),
  }));
}

/** A part's form: its heading and fields. */
export function PartForm({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
      {children}
    </Stack>
  );
}

/**
 * One item of a list (a section, an indicator, a voucher): its fields in a card with a Remove button, and
 * the list's fault at the item's own path (a duplicate id) above them.
 */
export function ItemCard({
  title,
  path,
  onRemove,
  children,
}: {
  title: string;
  path: string;
  onRemove?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { editable } = useEditor();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          {editable && onRemove && (
            <Button variant="subtle" color="red.8" c="red.9" size="compact-sm" onClick={onRemove}>
              {t('surveyEditor.remove')}
            </Button>
          )}
        </Group>
        <ItemFault path={path} />
        {children}
      </Stack>
    </Paper>
  );
}

/** A fault at exactly `path` (not below it): one no single field of the item shows. */
export function ItemFault({ path }: { path: string }) {
  const { t } = useTranslation();
  const { faults } = useEditor();
  const own = faults.filter((fault) => fault.path === path);
  return own.map((fault) => (
    <Text key={fault.key} c="red.8" size="sm">
      {editorFaultText(fault, t)}
    </Text>
  ));
}

/** The Add button under a list. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { editable } = useEditor();
  if (!editable) return null;
  return (
    <Group>
      <Button variant="light" onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}

/** A Remove button beside a row of fields (a topic, a tag, a review site). */
export function RemoveInline({ onClick, label }: { onClick: () => void; label?: string }) {
  const { t } = useTranslation();
  const { editable } = useEditor();
  if (!editable) return null;
  return (
    // Red 9 as the text: a subtle button takes shade 6 at most, 3:1 on the page's grey (axe). Never
    // shrunk: in a row of fields that does not wrap, the fields give up the width, not its word.
    <Button variant="subtle" color="red.8" c="red.9" flex="none" onClick={onClick} aria-label={label}>
      {t('surveyEditor.remove')}
    </Button>
  );
}

/**
 * A titled list of rows of fields (an indicator's topics, the staff tags and filters, the review sites):
 * each row's fields with its Remove, then Add. `change` edits the list where the document keeps it.
 */
export function InlineRows<T>({
  title,
  items,
  keyOf,
  row,
  change,
  make,
  addLabel,
}: {
  title: string;
  items: readonly T[];
  keyOf: (item: T) => string | number;
  row: (item: T, n: number) => ReactNode;
  change: (edit: (list: T[]) => T[]) => void;
  make: (list: readonly T[]) => T;
  addLabel: string;
}) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {items.map((item, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
        <Group key={`${keyOf(item)}-${n}`} align="flex-end" wrap="nowrap">
          {row(item, n)}
          <RemoveInline onClick={() => change((list) => list.filter((_, m) => m !== n))} />
        </Group>
      ))}
      <AddButton label={addLabel} onClick={() => change((list) => [...list, make(list)])} />
    </Stack>
  );
}
