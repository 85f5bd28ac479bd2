import { Anchor, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dateOfEpochDay, epochDay, TREND_BUCKETS, type TrendBucket } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryView } from '../../ui/query-view';
import { inboxLink, type ReportFilters } from '../../ui/report-filters';
import { dishesApi } from './dishes-api';

const isBucket = (value: string | null): value is TrendBucket => TREND_BUCKETS.includes(value as TrendBucket);

/** The days a trend point covers within the period: from its start (or the period's) to the day before the next. */
function pointDays(starts: string[], index: number, filters: ReportFilters) {
  const start = starts[index] as string;
  const next = starts[index + 1];
  return {
    from: dateOfEpochDay(Math.max(epochDay(start) as number, epochDay(filters.from) as number)),
    to: next === undefined ? filters.to : dateOfEpochDay((epochDay(next) as number) - 1),
  };
}

/**
 * How one dish moves (issue 29 item 4): its good and bad shares per day, week or month as a line chart,
 * and the same points as a table, each linking to the responses behind it.
 */
export function DishTrendPanel(props: {
  dish: string;
  filters: ReportFilters;
  bucket: string | null;
  onBucket: (bucket: TrendBucket) => void;
}) {
  const { t } = useTranslation();
  const bucket: TrendBucket = isBucket(props.bucket) ? props.bucket : 'week';
  const trend = useQuery({
    queryKey: ['reports', 'dish-trend', props.dish, props.filters, bucket],
    queryFn: () => dishesApi.trend(props.dish, props.filters, bucket),
  });
  return (
    <Paper className="console-card" p="xl" component="section" aria-labelledby="dish-trend-title">
      <Stack gap="md">
        <QueryView query={trend}>
          {(data) => {
            const name = data.name ?? t('dishes.offMenu', { ref: data.ref });
            const starts = data.points.map((point) => point.start);
            return (
              <>
                <Title order={2} size="h3" id="dish-trend-title">
                  {t('dishes.trendOf', { name })}
                </Title>
                <SegmentedControl
                  aria-label={t('dishes.bucket')}
                  value={bucket}
                  onChange={(value) => props.onBucket(value as TrendBucket)}
                  data={TREND_BUCKETS.map((value) => ({ value, label: t(`dishes.buckets.${value}`) }))}
                  w="fit-content"
                />
                {/* The chart is for the eye; the table under it says the same (its keyboard layer off, so
                    nothing focusable hides under aria-hidden). */}
                <div aria-hidden style={{ overflowX: 'auto' }}>
                  <LineChart width={720} height={240} data={data.points} accessibilityLayer={false}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="start" />
                    <YAxis domain={[0, 100]} unit="%" />
                    <Tooltip />
                    <Legend />
                    <Line
                      dataKey="shares.good"
                      name={t('dishes.good')}
                      stroke="var(--mantine-color-teal-7)"
                      isAnimationActive={false}
                    />
                    <Line
                      dataKey="shares.bad"
                      name={t('dishes.bad')}
                      stroke="var(--mantine-color-red-7)"
                      isAnimationActive={false}
                    />
                  </LineChart>
                </div>
                <Table captionSide="top">
                  <Table.Caption>{t('dishes.trendTable', { name })}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('dishes.period')}</Table.Th>
                      <Table.Th scope="col">{t('dishes.rated')}</Table.Th>
                      <Table.Th scope="col">{t('dishes.good')}</Table.Th>
                      <Table.Th scope="col">{t('dishes.neutral')}</Table.Th>
                      <Table.Th scope="col">{t('dishes.bad')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.points.map((point, index) => (
                      <Table.Tr key={point.start}>
                        <Table.Th scope="row">{point.start}</Table.Th>
                        <Table.Td>
                          {point.ratings === 0 ? (
                            '0'
                          ) : (
                            <Anchor
                              component={Link}
                              to={inboxLink(
                                { ...props.filters, ...pointDays(starts, index, props.filters) },
                                { dish: data.ref },
                              )}
                            >
                              {t('dishes.ratings', { count: point.ratings })}
                            </Anchor>
                          )}
                          {point.ratings > 0 && point.lowSample && (
                            <Text size="xs" c="dimmed">
                              {t('dishes.lowSample')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>{percent(point.shares.good)}</Table.Td>
                        <Table.Td>{percent(point.shares.neutral)}</Table.Td>
                        <Table.Td>{percent(point.shares.bad)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            );
          }}
        </QueryView>
      </Stack>
    </Paper>
  );
}

const percent = (share: number | null) => (share === null ? '–' : `${share}%`);
