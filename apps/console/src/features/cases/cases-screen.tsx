import { Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CASE_LIST_STATUSES, type CaseListItem, type CaseListStatus } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { ageText, dayText } from './case-text';
import { type CaseFilters, casesApi } from './cases-api';

// Dark shades keep 4.5:1 on white and on the striped rows.
const STATUS_COLOUR = { open: 'red.9', in_progress: 'blue.9', resolved: 'teal.9' } as const;

function filtersOf(params: URLSearchParams): CaseFilters {
  const status = params.get('status');
  const filters: CaseFilters = {
    status: (CASE_LIST_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as CaseListStatus)
      : 'unresolved',
  };
  const branchId = params.get('branchId');
  const ownerId = params.get('ownerId');
  if (branchId) filters.branchId = branchId;
  if (ownerId) filters.ownerId = ownerId;
  return filters;
}

function Row({ item }: { item: CaseListItem }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const age = ageText(item.ageMs, t);
  const r = item.response;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor
          component={Link}
          to={`/cases/${item.id}`}
          state={{ from: `/cases?${params}` }}
          aria-label={t('cases.openCase', { id: item.id, age })}
        >
          {age}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOUR[item.status]} variant="outline">
          {t(`cases.statuses.${item.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{item.branch?.name ?? t('cases.noBranch')}</Table.Td>
      <Table.Td>{item.owner?.name ?? t('cases.nobody')}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {item.dueOn ? dayText(item.dueOn) : '—'}
        {item.overdue && (
          <Badge ml="xs" color="red.9" variant="filled">
            {t('cases.overdue')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {r.complaint && (
            <Badge color="red.9" variant="outline">
              {t('cases.complaint')}
            </Badge>
          )}
          {r.nps !== null && <Text size="sm">{t('cases.npsValue', { score: r.nps })}</Text>}
          {r.csat !== null && <Text size="sm">{t('cases.csatValue', { score: r.csat })}</Text>}
        </Group>
        <Text size="sm" lineClamp={2}>
          {r.excerpt ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Cases (issue 30 item 2): what alerts opened, the longest waiting first, per branch and owner, with
 * their age and due day; filters in the address, a page at a time.
 */
export function CasesScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = new URLSearchParams(filters as unknown as Record<string, string>).toString();
  const cases = useInfiniteQuery({
    queryKey: ['cases', 'list', key],
    queryFn: ({ pageParam }) => casesApi.page(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const set = (name: keyof CaseFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || (name === 'status' && value === 'unresolved')) next.delete(name);
    else next.set(name, value);
    setParams(next);
  };

  return (
    <Page title={t('cases.title')}>
      <Text c="dimmed">{t('cases.intro')}</Text>
      <Group gap="md" align="flex-end">
        <NativeSelect
          label={t('cases.status')}
          value={filters.status}
          onChange={(event) => set('status', event.currentTarget.value)}
          data={CASE_LIST_STATUSES.map((status) => ({ value: status, label: t(`cases.statuses.${status}`) }))}
        />
        {me.branches.length > 1 && (
          <NativeSelect
            label={t('cases.branch')}
            value={filters.branchId ?? ''}
            onChange={(event) => set('branchId', event.currentTarget.value)}
            data={[
              { value: '', label: t('cases.allBranches') },
              ...me.branches.map((b) => ({ value: String(b.id), label: b.name })),
            ]}
          />
        )}
        <NativeSelect
          label={t('cases.owner')}
          value={filters.ownerId ?? ''}
          onChange={(event) => set('ownerId', event.currentTarget.value)}
          data={[
            { value: '', label: t('cases.anyOwner') },
            { value: String(me.operator.id), label: t('cases.mine') },
            { value: 'none', label: t('cases.nobody') },
          ]}
        />
      </Group>
      <QueryView query={cases}>
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <Text>{t('cases.none')}</Text>;
          return (
            <Stack gap="md">
              <Paper className="console-card" p="md">
                <Table.ScrollContainer minWidth={900}>
                  <Table verticalSpacing="sm" striped highlightOnHover>
                    <Table.Caption>{t('cases.count', { count: items.length })}</Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('cases.age.title')}</Table.Th>
                        <Table.Th>{t('cases.status')}</Table.Th>
                        <Table.Th>{t('cases.branch')}</Table.Th>
                        <Table.Th>{t('cases.owner')}</Table.Th>
                        <Table.Th>{t('cases.due')}</Table.Th>
                        <Table.Th>{t('cases.response')}</Table.Th>
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
              {cases.hasNextPage && (
                <Button
                  variant="default"
                  loading={cases.isFetchingNextPage}
                  onClick={() => void cases.fetchNextPage()}
                  w="fit-content"
                >
                  {t('cases.more')}
                </Button>
              )}
              {cases.isFetchNextPageError && (
                <Text c="red.8" role="alert">
                  {failureText(cases.error, t)}
                </Text>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Page>
  );
}
