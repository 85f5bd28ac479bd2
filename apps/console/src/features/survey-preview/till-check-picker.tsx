import { Alert, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EposProductType, type TillCheckItem } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../platform/i18n';
import { useSignedIn } from '../../platform/session';
import { tillChecksApi } from './till-checks-api';

const SEARCH_AFTER_MS = 300;

const money = (value: number) =>
  new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );

/** `YYYY-MM-DD HH:mm:ss` on the branch's wall clock, in the operator's language (read as written, no zone). */
export function wallClockText(local: string): string {
  const [date = '', time = ''] = local.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const at = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0));
  return new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
}

const TYPE_KEYS: Record<number, string> = {
  [EposProductType.FOOD]: 'food',
  [EposProductType.DRINK]: 'drink',
  [EposProductType.OTHER]: 'other',
};

interface PickerProps {
  /** The branches the survey serves (null: not known, every branch the operator sees). */
  branchIds: readonly number[] | null;
  /** The branch to start on when it is among them (the preview's). */
  branchId?: number;
  check: TillCheckItem | null;
  onCheck(check: TillCheckItem | null): void;
}

/**
 * Picks one of the till's stored checks (decision 0260): a branch the survey serves and the operator sees,
 * then a check from the newest or from a search by check id, table or whole receipt PIN (the server
 * searches: a PIN is never in the list). A searchable select, so the keyboard picks it too.
 */
export function TillCheckPicker({ branchIds, branchId, check, onCheck }: PickerProps) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const branches = me.branches.filter((branch) => branchIds === null || branchIds.includes(branch.id));
  const [chosenBranch, setChosenBranch] = useState<number | null>(null);
  const branch =
    chosenBranch ??
    (branchId !== undefined && branches.some((b) => b.id === branchId)
      ? branchId
      : (branches[0]?.id ?? null));
  const [search, setSearch] = useState('');
  const label = (item: TillCheckItem) => checkLabel(item, t);
  // The select shows the chosen check's label as its search text: that is no search.
  const typed = check !== null && search === label(check) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_AFTER_MS);
  const checks = useQuery({
    queryKey: ['survey-preview', 'till-checks', branch, q],
    queryFn: () => tillChecksApi.list(branch as number, q),
    enabled: branch !== null,
    placeholderData: keepPreviousData,
  });
  const found = checks.data?.items ?? [];
  const items = check && !found.some((item) => item.id === check.id) ? [check, ...found] : found;

  if (branches.length === 0) return <Text role="status">{t('surveyPreview.engine.till.noBranch')}</Text>;
  return (
    <Stack gap="sm">
      <Select
        label={t('surveyPreview.engine.till.branch')}
        data={branches.map((b) => ({ value: String(b.id), label: b.name }))}
        value={branch === null ? null : String(branch)}
        allowDeselect={false}
        onChange={(value) => {
          if (value === null) return;
          setChosenBranch(Number(value));
          setSearch('');
          onCheck(null);
        }}
      />
      <Select
        label={t('surveyPreview.engine.till.check')}
        description={t('surveyPreview.engine.till.checkHint')}
        placeholder={t('surveyPreview.engine.till.checkPlaceholder')}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        // The server has searched (check id, table, whole PIN): every check it found is offered.
        filter={({ options }) => options}
        nothingFoundMessage={
          checks.isFetching ? t('surveyPreview.engine.till.loading') : t('surveyPreview.engine.till.none')
        }
        data={items.map((item) => ({ value: String(item.id), label: label(item) }))}
        value={check ? String(check.id) : null}
        onChange={(value) => onCheck(items.find((item) => String(item.id) === value) ?? null)}
        error={checks.isError ? t('surveyPreview.engine.till.failed') : undefined}
      />
      {check && <CheckSummary check={check} />}
    </Stack>
  );
}

/** "CHK-48213 · table 12 · 14 Jul 2025, 19:05 · 2 covers": what tells checks apart at a glance. */
function checkLabel(check: TillCheckItem, t: ReturnType<typeof useTranslation>['t']): string {
  return [
    check.checkId ?? t('surveyPreview.engine.till.noCheckId', { id: check.id }),
    check.tableId === null ? null : t('surveyPreview.engine.till.table', { table: check.tableId }),
    wallClockText(check.openedLocal),
    t('surveyPreview.engine.till.covers', { count: check.covers }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The chosen check: its figures and lines with the product types and groups the engine's rules see. */
function CheckSummary({ check }: { check: TillCheckItem }) {
  const { t } = useTranslation();
  const lines = check.transaction.menuItems;
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <Text size="sm">
          {t('surveyPreview.engine.subtotal')}: {money(check.subtotal)}
        </Text>
        <Text size="sm">
          {t('surveyPreview.engine.till.perHead')}: {money(check.avgSpentPerHead)}
        </Text>
        <Text size="sm">
          {check.open ? t('surveyPreview.engine.till.open') : t('surveyPreview.engine.till.closed')}
        </Text>
      </Group>
      {check.rated && (
        <Alert color="yellow" role="status">
          {t('surveyPreview.engine.till.rated')}
        </Alert>
      )}
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('surveyPreview.engine.till.noLines')}
        </Text>
      ) : (
        <Table aria-label={t('surveyPreview.engine.till.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('surveyPreview.engine.till.product')}</Table.Th>
              <Table.Th>{t('surveyPreview.engine.till.type')}</Table.Th>
              <Table.Th>{t('surveyPreview.engine.till.family')}</Table.Th>
              <Table.Th>{t('surveyPreview.engine.till.major')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              // A receipt may carry a product twice: the line's place tells them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own.
              <Table.Tr key={index}>
                <Table.Td>{line.menuItemName}</Table.Td>
                <Table.Td>{t(`surveyPreview.engine.till.types.${TYPE_KEYS[line.type] ?? 'other'}`)}</Table.Td>
                <Table.Td>{line.familyGroupName ?? '–'}</Table.Td>
                <Table.Td>{line.majorGroupName ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
