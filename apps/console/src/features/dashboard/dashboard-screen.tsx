import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { previousPeriod } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedIn } from '../../platform/session';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { BranchRanking } from './branch-ranking';
import { dashboardApi, type ReportFilter } from './dashboard-api';
import { FigureCards } from './figure-cards';
import { FilterBar } from './filter-bar';
import { type DashboardFilter, localToday, readFilter, writeFilter } from './filters';
import { IndicatorTable } from './indicator-table';
import { TrendChart, useBucketLabel } from './trend-chart';

/**
 * The dashboard (issue 29 item 3): for a period and a branch (or all the operator's), responses, NPS and
 * CSAT beside the period before (O5.7), indicator averages, the trend and the branches ranked. The filter
 * lives in the address, so a link shows the same.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params, localToday());
  const report: ReportFilter = {
    from: filter.from,
    to: filter.to,
    branchId: filter.branchId,
    surveyId: filter.surveyId,
  };
  const before: ReportFilter = { ...report, ...previousPeriod(report) };
  const day = useBucketLabel();

  const surveys = useQuery({ queryKey: ['report-surveys'], queryFn: dashboardApi.surveys });
  const summary = useQuery({
    queryKey: ['reports', 'summary', report, before],
    queryFn: async () => {
      const [now, old] = await Promise.all([dashboardApi.summary(report), dashboardApi.summary(before)]);
      return { now, old };
    },
  });
  const trend = useQuery({
    queryKey: ['reports', 'trend', report, filter.bucket],
    queryFn: () => dashboardApi.trend(report, filter.bucket),
  });
  // The ranking is of several branches: not shown for one asked for, nor to an operator with one.
  const ranked = filter.branchId === null && me.branches.length > 1;
  const branches = useQuery({
    queryKey: ['reports', 'branches', report.from, report.to, report.surveyId],
    queryFn: () => dashboardApi.branches(report),
    enabled: ranked,
  });

  const change = (next: Partial<DashboardFilter>) => setParams(writeFilter({ ...filter, ...next }));
  const linkTo = (branchId: number) => `/dashboard?${writeFilter({ ...filter, branchId }).toString()}`;

  return (
    <Page title={t('dashboard.title')}>
      <FilterBar filter={filter} branches={me.branches} surveys={surveys.data ?? []} onChange={change} />
      <Text c="dimmed" aria-live="polite">
        {t('dashboard.showing', {
          from: day(report.from, 'day'),
          to: day(report.to, 'day'),
          beforeFrom: day(before.from, 'day'),
          beforeTo: day(before.to, 'day'),
        })}
      </Text>
      <QueryView query={summary}>
        {({ now, old }) => (
          <Stack gap="lg">
            <FigureCards now={now} before={old} />
            <IndicatorTable now={now} before={old} />
          </Stack>
        )}
      </QueryView>
      <QueryView query={trend}>
        {(data) => (
          <TrendChart points={data.points} bucket={data.bucket} onBucket={(bucket) => change({ bucket })} />
        )}
      </QueryView>
      {ranked && (
        <QueryView query={branches}>
          {(data) => <BranchRanking items={data.items} linkTo={linkTo} />}
        </QueryView>
      )}
    </Page>
  );
}
