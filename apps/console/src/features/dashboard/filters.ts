import { dateOfEpochDay, epochDay, periodFault, type TrendBucket } from '@venue-voice/domain';
import type { ReportFilter } from './dashboard-api';

/** The period picker's choices; `custom` takes `from` and `to` from the address. */
export const PRESETS = ['7d', '30d', '90d', 'thisMonth', 'lastMonth', '12m', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export const DEFAULT_PRESET: Preset = '30d';

/** Today's `YYYY-MM-DD` where the operator is (the branches' local days are what reports count). */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const addDays = (date: string, days: number) => dateOfEpochDay((epochDay(date) as number) + days);
const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/** A preset's days, ending today (the months: calendar months). */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: monthStart(today), to: today };
    case 'lastMonth': {
      const end = addDays(monthStart(today), -1);
      return { from: monthStart(end), to: end };
    }
    case '12m': {
      const year = Number(today.slice(0, 4)) - 1;
      const sameDay = `${year}${today.slice(4)}`;
      // 29 February a year back is no day: start on 1 March.
      return { from: addDays(epochDay(sameDay) === null ? `${year}-02-28` : sameDay, 1), to: today };
    }
  }
}

/** The bucket a period reads best in unless one is chosen: days up to a month, weeks up to a quarter. */
export function defaultBucket({ from, to }: { from: string; to: string }): TrendBucket {
  const days = (epochDay(to) as number) - (epochDay(from) as number) + 1;
  return days <= 31 ? 'day' : days <= 92 ? 'week' : 'month';
}

export interface DashboardFilter extends ReportFilter {
  preset: Preset;
  bucket: TrendBucket;
}

const id = (value: string | null) => (value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * The dashboard's filter from its address (shareable): `period` a preset, or `custom` with `from` and
 * `to`; `branchId`, `surveyId`, `bucket`. Anything unreadable falls back to the default, never an error.
 */
export function readFilter(params: URLSearchParams, today: string): DashboardFilter {
  const asked = params.get('period') as Preset | null;
  let preset: Preset = asked && PRESETS.includes(asked) ? asked : DEFAULT_PRESET;
  let period = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  if (preset === 'custom' && periodFault(period) !== null) preset = DEFAULT_PRESET;
  if (preset !== 'custom') period = presetPeriod(preset, today);
  const bucketParam = params.get('bucket');
  const bucket =
    bucketParam === 'day' || bucketParam === 'week' || bucketParam === 'month'
      ? bucketParam
      : defaultBucket(period);
  return {
    preset,
    ...period,
    branchId: id(params.get('branchId')),
    surveyId: id(params.get('surveyId')),
    bucket,
  };
}

/** The address of a filter: only what differs from the defaults, so links stay short. */
export function writeFilter(filter: DashboardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.preset !== DEFAULT_PRESET) params.set('period', filter.preset);
  if (filter.preset === 'custom') {
    params.set('from', filter.from);
    params.set('to', filter.to);
  }
  if (filter.branchId !== null) params.set('branchId', String(filter.branchId));
  if (filter.surveyId !== null) params.set('surveyId', String(filter.surveyId));
  if (filter.bucket !== defaultBucket(filter)) params.set('bucket', filter.bucket);
  return params;
}
