import { Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import type { Language } from '@venue-voice/domain';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../ui/language-picker';
import { placeLabel, type TextPlace } from './text-places';

/** A survey text: its key, its text in the survey's own language and where it sits. */
export interface TextRow {
  key: string;
  text: string;
  place: TextPlace;
}

/** Rows per page: a survey of 200 questions has about a thousand texts; a page stays quick to type in. */
export const PAGE_SIZE = 50;

interface TableProps {
  rows: TextRow[];
  ownLanguage: Language;
  language: Language;
  /** The chosen language's texts by key. */
  texts: Record<string, string>;
  /** When set, only these keys are listed ("Missing only"); the one being typed in stays until it is left. */
  onlyKeys: ReadonlySet<string> | null;
  readOnly: boolean;
  onText: (key: string, text: string) => void;
}

/** The survey's texts beside their translation into one language, a page at a time, grouped by place. */
export function TranslationsTable({
  rows,
  ownLanguage,
  language,
  texts,
  onlyKeys,
  readOnly,
  onText,
}: TableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const shown = useMemo(
    () => (onlyKeys ? rows.filter((row) => onlyKeys.has(row.key) || row.key === editing) : rows),
    [rows, onlyKeys, editing],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZE;
  const groups = groupsOf(shown.slice(first, first + PAGE_SIZE));
  const onFocus = useCallback((key: string) => setEditing(key), []);
  const onBlur = useCallback(() => setEditing(null), []);

  if (shown.length === 0) {
    return (
      <Text role="status">
        {rows.length === 0
          ? t('surveyTranslations.noTexts')
          : t('surveyTranslations.noneMissing', { language: LANGUAGE_NAMES[language] })}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table captionSide="top" layout="fixed" verticalSpacing="xs">
          <Table.Caption>
            {t('surveyTranslations.shown', {
              from: first + 1,
              to: Math.min(first + PAGE_SIZE, shown.length),
              total: shown.length,
            })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w="24%">
                {t('surveyTranslations.where')}
              </Table.Th>
              <Table.Th scope="col" w="34%">
                {t('surveyTranslations.original', { language: LANGUAGE_NAMES[ownLanguage] })}
              </Table.Th>
              <Table.Th scope="col">{LANGUAGE_NAMES[language]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          {groups.map((group) => {
            const groupText = placeLabel(t, group.place.groupText);
            return (
              <Table.Tbody key={`${group.place.group}:${group.rows[0]?.key}`}>
                <Table.Tr>
                  <Table.Th scope="rowgroup" colSpan={3} bg="var(--mantine-color-gray-0)">
                    {groupText}
                  </Table.Th>
                </Table.Tr>
                {group.rows.map((row) => (
                  <TranslationRow
                    key={row.key}
                    entryKey={row.key}
                    where={placeLabel(t, row.place.field)}
                    group={groupText}
                    own={row.text}
                    value={texts[row.key] ?? ''}
                    language={language}
                    readOnly={readOnly}
                    onText={onText}
                    onFocus={onFocus}
                    onBlur={onBlur}
                  />
                ))}
              </Table.Tbody>
            );
          })}
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getItemProps={(n) => ({ 'aria-label': t('surveyTranslations.page', { page: n }) })}
            getControlProps={(control) =>
              control === 'previous' || control === 'next'
                ? { 'aria-label': t(`surveyTranslations.${control}Page`) }
                : {}
            }
            withEdges={false}
          />
        </Group>
      )}
    </>
  );
}

/** Consecutive rows of one place under one heading (a page may start inside a group: it is named again). */
function groupsOf(rows: TextRow[]): { place: TextPlace; rows: TextRow[] }[] {
  const groups: { place: TextPlace; rows: TextRow[] }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last && last.place.group === row.place.group) last.rows.push(row);
    else groups.push({ place: row.place, rows: [row] });
  }
  return groups;
}

interface RowProps {
  entryKey: string;
  where: string;
  group: string;
  own: string;
  value: string;
  language: Language;
  readOnly: boolean;
  onText: (key: string, text: string) => void;
  onFocus: (key: string) => void;
  onBlur: () => void;
}

/** One text and its translation; only the row typed in renders again on a keystroke. */
const TranslationRow = memo(function TranslationRow(props: RowProps) {
  const { t } = useTranslation();
  const { entryKey, onText, onFocus } = props;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{props.where}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {props.own}
        </Text>
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('surveyTranslations.inputLabel', {
            field: props.where,
            group: props.group,
            language: LANGUAGE_NAMES[props.language],
          })}
          value={props.value}
          placeholder={props.value === '' ? t('surveyTranslations.missing') : undefined}
          readOnly={props.readOnly}
          maxLength={5000}
          onChange={(event) => onText(entryKey, event.currentTarget.value)}
          onFocus={() => onFocus(entryKey)}
          onBlur={props.onBlur}
        />
      </Table.Td>
    </Table.Tr>
  );
});
