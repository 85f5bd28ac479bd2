import { Button, Code, Paper, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../platform/i18n';
import { useSignedIn } from '../../platform/session';
import { formatMoment } from '../../ui/dates';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { auditApi, detailText } from './audit-api';

/** The audit log, newest first, a page at a time (the owner's, O1.3; kept for a year). */
export function AuditScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const audit = useInfiniteQuery({
    queryKey: ['audit'],
    queryFn: ({ pageParam }) => auditApi.page(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const branchName = (id: number | null) =>
    id === null ? '—' : (me.branches.find((b) => b.id === id)?.name ?? `#${id}`);
  const actionText = (action: string) =>
    i18n.exists(`audit.actions.${action}`) ? t(`audit.actions.${action}`) : action;

  return (
    <Page title={t('audit.title')}>
      <Text c="dimmed">{t('audit.intro')}</Text>
      <QueryView query={audit}>
        {(data) => {
          const entries = data.pages.flatMap((page) => page.items);
          if (entries.length === 0) return <Text>{t('audit.none')}</Text>;
          return (
            <Stack gap="md">
              <Paper className="console-card" p="md">
                <Table.ScrollContainer minWidth={800}>
                  <Table verticalSpacing="sm" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('audit.when')}</Table.Th>
                        <Table.Th>{t('audit.who')}</Table.Th>
                        <Table.Th>{t('audit.what')}</Table.Th>
                        <Table.Th>{t('audit.subject')}</Table.Th>
                        <Table.Th>{t('audit.branch')}</Table.Th>
                        <Table.Th>{t('audit.detail')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {entries.map((entry) => (
                        <Table.Tr key={entry.id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(entry.at)}</Table.Td>
                          <Table.Td>{entry.actor}</Table.Td>
                          <Table.Td>{actionText(entry.action)}</Table.Td>
                          <Table.Td>
                            {entry.subjectType}
                            {entry.subjectId !== null && ` #${entry.subjectId}`}
                          </Table.Td>
                          <Table.Td>{branchName(entry.branchId)}</Table.Td>
                          <Table.Td>
                            {detailText(entry.detail) && <Code>{detailText(entry.detail)}</Code>}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
              {audit.hasNextPage && (
                <Button
                  variant="default"
                  loading={audit.isFetchingNextPage}
                  onClick={() => void audit.fetchNextPage()}
                  w="fit-content"
                >
                  {t('audit.more')}
                </Button>
              )}
              {audit.isFetchNextPageError && (
                <Text c="red.8" role="alert">
                  {failureText(audit.error, t)}
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Page>
  );
}
