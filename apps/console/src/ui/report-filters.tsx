import { Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dateOfEpochDay, epochDay } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, queryString } from '../platform/api';
import { useSignedIn } from '../platform/session';

/** A report's filters as the address holds them (shareable): the period, and optionally a branch and a survey. */
export interface ReportFilters {
  from: string;
  to: string;
  branchId?: string;
  surveyId?: string;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in the browser's own time zone, and the first of the 30 days that end on it. */
function lastThirtyDays(now = new Date()) {
  const today = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  return { from: dateOfEpochDay((epochDay(today) ?? Math.floor(now.getTime() / DAY_MS)) - 29), to: today };
}

/**
 * The report filters of the address (`?from&to&branchId&surveyId`, the last 30 days when not given) and
 * a setter that writes them back, with other parameters of the screen (`extra`) kept as they are.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const fallback = lastThirtyDays();
  const read = (name: string) => params.get(name) ?? undefined;
  const from = read('from');
  const to = read('to');
  const filters: ReportFilters = {
    from: from && DATE.test(from) ? from : fallback.from,
    to: to && DATE.test(to) ? to : fallback.to,
    ...(read('branchId') ? { branchId: read('branchId') } : {}),
    ...(read('surveyId') ? { surveyId: read('surveyId') } : {}),
  };
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return { filters, params, set };
}

/** The inbox's address for the responses behind a figure (issue 29: `/responses?…&dish=&staffId=`). */
export const inboxLink = (filters: ReportFilters, extra: Record<string, string | number>) =>
  `/responses${queryString({ from: filters.from, to: filters.to, branchId: filters.branchId, surveyId: filters.surveyId, ...extra })}`;

/** The surveys at the operator's branches, named, from their guest links (one per survey). */
function useSurveys() {
  return useQuery({
    queryKey: ['links', null, null],
    queryFn: () => api.get<{ items: { surveyId: number; surveyName: string }[] }>('/links'),
    select: ({ items }) => [...new Map(items.map((i) => [i.surveyId, i.surveyName])).entries()],
  });
}

/** The period, branch and survey of a report, written to the address as they change. */
export function ReportFilterBar() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const { filters, set } = useReportFilters();
  const surveys = useSurveys().data ?? [];
  return (
    <Group align="flex-end" gap="md">
      <TextInput
        type="date"
        label={t('reportFilters.from')}
        value={filters.from}
        max={filters.to}
        onChange={(event) => set({ from: event.currentTarget.value })}
        w={170}
      />
      <TextInput
        type="date"
        label={t('reportFilters.to')}
        value={filters.to}
        min={filters.from}
        onChange={(event) => set({ to: event.currentTarget.value })}
        w={170}
      />
      <Select
        label={t('reportFilters.branch')}
        data={[
          { value: '', label: t('reportFilters.allBranches') },
          ...me.branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
        ]}
        value={filters.branchId ?? ''}
        allowDeselect={false}
        onChange={(value) => set({ branchId: value })}
        w={240}
      />
      {surveys.length > 1 && (
        <Select
          label={t('reportFilters.survey')}
          data={[
            { value: '', label: t('reportFilters.allSurveys') },
            ...surveys.map(([id, name]) => ({ value: String(id), label: name })),
          ]}
          value={filters.surveyId ?? ''}
          allowDeselect={false}
          onChange={(value) => set({ surveyId: value })}
          w={240}
        />
      )}
    </Group>
  );
}
