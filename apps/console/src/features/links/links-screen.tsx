import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { readTables, TABLE_CARDS_MAX, TABLE_NUMBER_MAX } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentBranch } from '../../platform/current-branch';
import { useSignedIn } from '../../platform/session';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { type GuestLink, linksApi, tableCardsUrl } from './links-api';

/** Guest links and QR codes per survey and branch, per table, and a printable sheet of table cards. */
export function LinksScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const current = useCurrentBranch();
  const [branch, setBranch] = useState<string | null>(
    current.branchId === null ? null : String(current.branchId),
  );
  const [tableInput, setTableInput] = useState<number | string>('');
  const [table] = useDebouncedValue(
    typeof tableInput === 'number' && tableInput > 0 ? tableInput : null,
    300,
  );
  const branchId = branch === null ? null : Number(branch);
  const links = useQuery({
    queryKey: ['links', branchId, table],
    queryFn: () => linksApi.list(branchId, table),
    placeholderData: keepPreviousData,
  });

  return (
    <Page title={t('links.title')}>
      <Text>{t('links.intro')}</Text>
      <Group align="flex-end">
        <Select
          label={t('links.branch')}
          data={me.branches.map((item) => ({ value: String(item.id), label: item.name }))}
          value={branch}
          allowDeselect={false}
          onChange={setBranch}
          w={240}
        />
        <NumberInput
          label={t('links.table')}
          description={t('links.tableHint')}
          min={1}
          allowDecimal={false}
          value={tableInput}
          onChange={setTableInput}
          w={220}
        />
      </Group>
      <QueryView query={links}>
        {({ items }) =>
          items.length === 0 ? (
            <Text>{t('links.none')}</Text>
          ) : (
            <Stack gap="lg">
              {items.map((link) => (
                <LinkCard key={`${link.surveyId}-${link.branchId}`} link={link} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Page>
  );
}

function LinkCard({ link }: { link: GuestLink }) {
  const { t } = useTranslation();
  const [tables, setTables] = useState('1-20');
  // O4.4, as the server reads it: ascending ranges and numbers, at most TABLE_CARDS_MAX tables.
  const read = readTables(tables);
  const names = { survey: link.surveyName, branch: link.branchName };
  const title =
    link.table === null ? t('links.cardOf', names) : t('links.cardOfTable', { ...names, table: link.table });

  return (
    <Paper className="console-card" p="xl" component="section" aria-label={t('links.cardOf', names)}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Group gap="sm" wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere' }}>{link.url}</Code>
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button variant="default" size="xs" onClick={copy} aria-label={t('links.copyOf', names)}>
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="sm">
          <Button component="a" variant="default" href={link.files.qrSvg} download>
            {t('links.downloadSvg')}
          </Button>
          <Button component="a" variant="default" href={link.files.qrPng} download>
            {t('links.downloadPng')}
          </Button>
          <Anchor href={link.url} target="_blank" rel="noopener">
            {t('links.open')}
          </Anchor>
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t('links.tables')}
            description={t('links.tablesHint')}
            value={tables}
            onChange={(event) => setTables(event.currentTarget.value)}
            error={read.ok ? undefined : t(read.fault, { max: TABLE_CARDS_MAX, highest: TABLE_NUMBER_MAX })}
            w={220}
          />
          {!read.ok ? (
            <Button disabled>{t('links.print')}</Button>
          ) : (
            <Button component="a" href={tableCardsUrl(link, tables)} target="_blank" rel="noopener">
              {t('links.print')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
