import { Alert, Button, Code, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { canChangeCompany, MENU_CSV_COLUMNS, type MenuCsvResult } from '@venue-voice/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopeOf, useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { menuImportApi } from './menu-import-api';
import { readMenuCsv } from './read-csv';

/** The preview shows the file's first lines; the import takes them all. */
export const PREVIEW_ROWS = 50;
const TYPE_KEYS = { 1: 'food', 2: 'drink', 3: 'other' } as const;

/**
 * The menu's CSV import (issue 30 item 6, O12.6; the owner's, O1.3): a file read in the browser, its
 * products previewed and every faulty line listed; the import replaces the whole menu, and only a file
 * without faults can be imported.
 */
export function MenuImportScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<MenuCsvResult | null>(null);
  const replace = useMutation({ mutationFn: menuImportApi.replace });

  if (!canChangeCompany(scopeOf(me)))
    return (
      <Page title={t('menuImport.title')}>
        <Text>{t('errors.notPermitted')}</Text>
      </Page>
    );

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    replace.reset();
    setResult(chosen ? readMenuCsv(await chosen.text()) : null);
  };
  const ready = result !== null && result.errors.length === 0 && result.rows.length > 0;

  return (
    <Page title={t('menuImport.title')}>
      <Text>{t('menuImport.intro')}</Text>
      <Text size="sm">
        {t('menuImport.columns')} <Code>{MENU_CSV_COLUMNS.join(',')}</Code>
      </Text>
      <FileInput
        label={t('menuImport.file')}
        description={t('menuImport.fileHint')}
        placeholder={t('menuImport.filePlaceholder')}
        accept=".csv,text/csv,text/plain"
        value={file}
        onChange={(chosen) => void choose(chosen)}
        maw={420}
      />
      {result && (
        <Stack gap="md">
          <Text role="status">
            {t('menuImport.summary', {
              products: result.rows.length,
              majorGroups: result.menu.majorGroups.length,
              familyGroups: result.menu.familyGroups.length,
            })}
          </Text>
          {result.errors.length > 0 && <Problems result={result} />}
          {result.rows.length > 0 && <Preview result={result} />}
          <Alert color={ready ? 'yellow' : 'gray'} variant="light">
            {ready ? t('menuImport.replaces') : t('menuImport.fixFirst')}
          </Alert>
          <Group>
            <Button
              disabled={!ready}
              loading={replace.isPending}
              onClick={() => result && replace.mutate(result.menu)}
            >
              {t('menuImport.import', { count: result.rows.length })}
            </Button>
          </Group>
          {replace.isSuccess && (
            <Text role="status" c="green.9">
              {t('menuImport.done', { products: replace.data.products, removed: replace.data.removed })}
            </Text>
          )}
          {replace.isError && (
            <Text role="alert" c="red.8">
              {failureText(replace.error, t)}
            </Text>
          )}
        </Stack>
      )}
    </Page>
  );
}

/** Every faulty line: its number, the column and what is wrong. */
function Problems({ result }: { result: MenuCsvResult }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper className="console-card" p="md">
      <Title order={2} size="h3" mb="sm" c="red.8" id={titleId}>
        {t('menuImport.problemsTitle', { count: result.errors.length })}
      </Title>
      <Table.ScrollContainer minWidth={500}>
        <Table verticalSpacing="xs" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('menuImport.line')}</Table.Th>
              <Table.Th>{t('menuImport.column')}</Table.Th>
              <Table.Th>{t('menuImport.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.errors.map((error) => (
              <Table.Tr key={`${error.line}-${error.column}-${error.problem}`}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>{error.column ?? '—'}</Table.Td>
                <Table.Td>{t(`menuImport.problems.${error.problem}`, error.params)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The file's first products as they will be imported. */
function Preview({ result }: { result: MenuCsvResult }) {
  const { t } = useTranslation();
  const titleId = useId();
  const majorName = new Map(result.menu.majorGroups.map((g) => [g.ref, g.name]));
  const familyName = new Map(result.menu.familyGroups.map((g) => [g.ref, g.name]));
  const group = (ref: string | null, names: Map<string, string>) =>
    ref === null ? '—' : `${names.get(ref) ?? ''} (${ref})`;
  return (
    <Paper className="console-card" p="md">
      <Title order={2} size="h3" mb="sm" id={titleId}>
        {t('menuImport.previewTitle', {
          shown: Math.min(PREVIEW_ROWS, result.rows.length),
          count: result.rows.length,
        })}
      </Title>
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing="xs" striped aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('menuImport.line')}</Table.Th>
              <Table.Th>{t('menuImport.ref')}</Table.Th>
              <Table.Th>{t('menuImport.name')}</Table.Th>
              <Table.Th>{t('menuImport.type')}</Table.Th>
              <Table.Th>{t('menuImport.majorGroup')}</Table.Th>
              <Table.Th>{t('menuImport.familyGroup')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.rows.slice(0, PREVIEW_ROWS).map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{row.ref}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{t(`menuImport.types.${TYPE_KEYS[row.type]}`)}</Table.Td>
                <Table.Td>{group(row.majorGroupRef, majorName)}</Table.Td>
                <Table.Td>{group(row.familyGroupRef, familyName)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
