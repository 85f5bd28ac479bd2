import { Anchor, Button, List, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DISH_GROUPINGS, type DishGrouping, type DishRow } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { inboxLink, ReportFilterBar, type ReportFilters, useReportFilters } from '../../ui/report-filters';
import { DishTrendPanel } from './dish-trend';
import { dishesApi } from './dishes-api';
import { RatingBar } from './rating-bar';

const RATING_NAMES = { 1: 'bad', 2: 'neutral', 3: 'good' } as const;

/** The dish report (issue 29 item 4): per product, family or major group, how guests rated it and why. */
export function DishesScreen() {
  const { t } = useTranslation();
  const { filters, params, set } = useReportFilters();
  const grouping = (DISH_GROUPINGS as readonly string[]).includes(params.get('group') ?? '')
    ? (params.get('group') as DishGrouping)
    : 'product';
  const dish = params.get('dish');
  const report = useQuery({
    queryKey: ['reports', 'dishes', filters, grouping],
    queryFn: () => dishesApi.report(filters, grouping),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title={t('dishes.title')}>
      <Text>{t('dishes.intro')}</Text>
      <ReportFilterBar />
      <SegmentedControl
        aria-label={t('dishes.groupBy')}
        value={grouping}
        onChange={(value) => set({ group: value === 'product' ? null : value, dish: null })}
        data={DISH_GROUPINGS.map((value) => ({ value, label: t(`dishes.groupings.${value}`) }))}
        w="fit-content"
      />
      <QueryView query={report}>
        {({ items }) =>
          items.length === 0 ? (
            <Text>{t('dishes.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped captionSide="top">
                <Table.Caption>{t(`dishes.caption.${grouping}`)}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t(`dishes.groupings.${grouping}`)}</Table.Th>
                    <Table.Th scope="col">{t('dishes.rated')}</Table.Th>
                    <Table.Th scope="col">{t('dishes.shares')}</Table.Th>
                    <Table.Th scope="col">{t('dishes.topReasons')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((row) => (
                    <DishTableRow
                      key={row.ref ?? ''}
                      row={row}
                      grouping={grouping}
                      filters={filters}
                      onTrend={(ref) => set({ dish: ref })}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryView>
      {dish && grouping === 'product' && (
        <DishTrendPanel
          dish={dish}
          filters={filters}
          bucket={params.get('bucket')}
          onBucket={(bucket) => set({ bucket })}
        />
      )}
    </Page>
  );
}

function DishTableRow(props: {
  row: DishRow;
  grouping: DishGrouping;
  filters: ReportFilters;
  onTrend: (ref: string) => void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const product = props.grouping === 'product' && row.ref !== null;
  const name = row.name ?? (row.ref === null ? t('dishes.noGroup') : t('dishes.offMenu', { ref: row.ref }));
  const rated = t('dishes.ratings', { count: row.ratings });
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Stack gap={2}>
          <Text fw={600}>{name}</Text>
          {product && row.family && (
            <Text size="xs" c="dimmed">
              {row.family.name}
              {row.major ? ` · ${row.major.name}` : ''}
            </Text>
          )}
          {product && (
            <Button
              variant="subtle"
              size="compact-xs"
              w="fit-content"
              onClick={() => props.onTrend(row.ref as string)}
              aria-label={t('dishes.showTrendOf', { name })}
            >
              {t('dishes.showTrend')}
            </Button>
          )}
        </Stack>
      </Table.Th>
      <Table.Td>
        {product ? (
          <Anchor component={Link} to={inboxLink(props.filters, { dish: row.ref as string })}>
            {rated}
          </Anchor>
        ) : (
          rated
        )}
        {row.lowSample && (
          <Text size="xs" c="dimmed">
            {t('dishes.lowSample')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <RatingBar shares={row.shares} counts={row} />
      </Table.Td>
      <Table.Td>
        {row.reasons.length === 0 ? (
          <Text c="dimmed">{t('dishes.noReasons')}</Text>
        ) : (
          <List size="sm">
            {row.reasons.map((reason) => (
              <List.Item key={`${reason.rating}-${reason.id}`}>
                {t('dishes.reason', {
                  label: reason.label ?? t('dishes.reasonUnknown', { id: reason.id }),
                  rating: t(`dishes.${RATING_NAMES[reason.rating]}`),
                  count: reason.count,
                })}
              </List.Item>
            ))}
          </List>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
