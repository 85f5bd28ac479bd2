import { Group, Paper, ScrollArea, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { TREND_BUCKETS, type TrendBucket, type TrendPoint } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { currentLocale } from '../../platform/i18n';
import { useFigureText } from './figure-text';

/** A bucket's name: its day, "week of" its Monday, or its month, in the operator's language. */
export function useBucketLabel() {
  const { t } = useTranslation();
  return (start: string, bucket: TrendBucket) => {
    const date = new Date(`${start}T00:00:00Z`);
    const format = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(currentLocale(), { ...options, timeZone: 'UTC' }).format(date);
    if (bucket === 'month') return format({ month: 'long', year: 'numeric' });
    const day = format({ dateStyle: 'medium' });
    return bucket === 'week' ? t('dashboard.weekOf', { day }) : day;
  };
}

interface TrendProps {
  points: TrendPoint[];
  bucket: TrendBucket;
  onBucket(bucket: TrendBucket): void;
}

/**
 * Responses, NPS and CSAT over time: a chart (recharts) for the eye and, under it, the same points as a
 * table for everyone (a screen reader, a printout); the chart itself is hidden from assistive technology.
 */
export function TrendChart({ points, bucket, onBucket }: TrendProps) {
  const { t } = useTranslation();
  const label = useBucketLabel();
  const figure = useFigureText();
  const data = points.map((p) => ({ ...p, label: label(p.start, bucket) }));
  return (
    <Paper className="console-card" p="lg" component="section" aria-labelledby="dashboard-trend">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="dashboard-trend">
            {t('dashboard.trend')}
          </Title>
          <SegmentedControl
            aria-label={t('dashboard.bucketLabel')}
            value={bucket}
            onChange={(value) => onBucket(value as TrendBucket)}
            data={TREND_BUCKETS.map((b) => ({ value: b, label: t(`dashboard.bucket.${b}`) }))}
          />
        </Group>
        <div aria-hidden="true" style={{ width: '100%', height: 280 }}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart
              data={data}
              accessibilityLayer={false}
              margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={24} />
              <YAxis yAxisId="score" domain={[-100, 100]} tick={{ fontSize: 12 }} width={40} />
              <YAxis
                yAxisId="count"
                orientation="right"
                allowDecimals={false}
                tick={{ fontSize: 12 }}
                width={40}
              />
              <Tooltip />
              <Legend />
              <Bar yAxisId="count" dataKey="responses" name={t('dashboard.responses')} fill="#c9d6e8" />
              <Line
                yAxisId="score"
                dataKey="nps"
                name={t('dashboard.nps')}
                stroke="#1f5fa8"
                strokeWidth={2}
                connectNulls
              />
              <Line
                yAxisId="score"
                dataKey="csat"
                name={t('dashboard.csat')}
                stroke="#b3541e"
                strokeWidth={2}
                connectNulls
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
        <Text size="sm" c="dimmed">
          {t('dashboard.trendTableIntro')}
        </Text>
        {/* A long table scrolls in its own box, which the keyboard can reach and scroll (axe: scrollable-region-focusable). */}
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('dashboard.trendTableLabel') }}
        >
          <Table striped stickyHeader>
            <Table.Caption>{t('dashboard.trendCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`dashboard.bucketColumn.${bucket}`)}</Table.Th>
                <Table.Th>{t('dashboard.responses')}</Table.Th>
                <Table.Th>{t('dashboard.nps')}</Table.Th>
                <Table.Th>{t('dashboard.csat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((point) => (
                <Table.Tr key={point.start}>
                  <Table.Th scope="row" fw={400}>
                    {point.label}
                  </Table.Th>
                  <Table.Td>{point.responses}</Table.Td>
                  <Table.Td>{figure(point.nps, point.npsCount, 'nps')}</Table.Td>
                  <Table.Td>{figure(point.csat, point.csatCount, 'mean')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}
