import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type InboxItem, inboxSearchParams } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { ExportPanel } from '../exports';
import { FilterBar } from './filter-bar';
import { filtersOf, type InboxFilters, inboxApi } from './inbox-api';
import { visitText } from './visit-text';

// Dark shades: the text keeps 4.5:1 on white and on the table's striped rows.
const GROUP_COLOUR = { promoter: 'teal.9', passive: 'dark', detractor: 'red.9' } as const;

function Row({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const when = visitText(item.visitDatetime);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {/* The row's one link: the inbox's address goes with it, so Back returns to these filters. */}
        <Anchor
          component={Link}
          to={`/responses/${item.id}`}
          state={{ from: `/responses?${params}` }}
          aria-label={t('inbox.open', { when })}
        >
          {when}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{item.branch?.name ?? t('inbox.noBranch')}</Text>
        <Text size="xs" c="dimmed">
          {item.survey.name}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {item.nps !== null && item.npsGroup !== null && (
          <Text size="sm" fw={600} c={GROUP_COLOUR[item.npsGroup]}>
            {`${t('inbox.npsValue', { score: item.nps })} · ${t(`inbox.groups.${item.npsGroup}`)}`}
          </Text>
        )}
        {item.csat !== null && <Text size="sm">{t('inbox.csatValue', { score: item.csat })}</Text>}
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {item.excerpt ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {item.complaint && (
            <Badge color="red.9" variant="outline">
              {t('inbox.flagComplaint')}
            </Badge>
          )}
          {item.hasPhoto && (
            <Badge color="dark" variant="outline">
              {t('inbox.flagPhoto')}
            </Badge>
          )}
          {item.dishes > 0 && (
            <Badge color="dark" variant="outline">
              {t('inbox.dishes', { count: item.dishes })}
            </Badge>
          )}
          {item.staff && (
            <Badge color="dark" variant="outline">
              {item.staff.name}
            </Badge>
          )}
          <Badge variant="transparent" color="dark">
            {t(`inbox.sources.${item.source}`)}
            {item.language && ` · ${t(`inbox.languages.${item.language}`, { defaultValue: item.language })}`}
          </Badge>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The inbox (issue 29 item 1): responses newest visit first, filtered in the database by what the
 * address says, a page at a time ("Load more" follows the API's cursor).
 */
export function InboxScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = new URLSearchParams(filters as Record<string, string>).toString();
  const inbox = useInfiniteQuery({
    queryKey: ['inbox', 'responses', key],
    queryFn: ({ pageParam }) => inboxApi.page(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  // The address in the query's own order: one filter, one address, whatever order it was edited in.
  const apply = (next: InboxFilters) => setParams(inboxSearchParams(next));

  return (
    <Page title={t('inbox.title')}>
      <Text c="dimmed">{t('inbox.intro')}</Text>
      {/* Remounted when the address changes (Back, a shared link): the form shows what is applied. */}
      <FilterBar key={key} filters={filters} onApply={apply} />
      <ExportPanel key={`export-${key}`} filter={filters as Record<string, string>} />
      <QueryView query={inbox}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <Text>{t('inbox.none')}</Text>;
          return (
            <Stack gap="md">
              <Paper className="console-card" p="md">
                <Table.ScrollContainer minWidth={900}>
                  <Table verticalSpacing="sm" striped highlightOnHover>
                    <Table.Caption>{t('inbox.count', { count: items.length })}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('inbox.visit')}</Table.Th>
                        <Table.Th>{t('inbox.where')}</Table.Th>
                        <Table.Th>{t('inbox.scores')}</Table.Th>
                        <Table.Th>{t('inbox.said')}</Table.Th>
                        <Table.Th>{t('inbox.flags')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((item) => (
                        <Row key={item.id} item={item} />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Paper>
              {inbox.hasNextPage && (
                <Button
                  variant="default"
                  loading={inbox.isFetchingNextPage}
                  onClick={() => void inbox.fetchNextPage()}
                  w="fit-content"
                >
                  {t('inbox.more')}
                </Button>
              )}
              {inbox.isFetchNextPageError && (
                <Text c="red.8" role="alert">
                  {failureText(inbox.error, t)}
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Page>
  );
}
