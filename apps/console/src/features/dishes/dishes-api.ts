import type { DishGrouping, DishReport, DishTrend, TrendBucket } from '@venue-voice/domain';
import { api } from '../../platform/api';
import type { ReportFilters } from '../../ui/report-filters';

export const dishesApi = {
  report: (filters: ReportFilters, group: DishGrouping) =>
    api.get<DishReport>('/reports/dishes', { ...filters, group }),
  trend: (ref: string, filters: ReportFilters, bucket: TrendBucket) =>
    api.get<DishTrend>(`/reports/dishes/${encodeURIComponent(ref)}/trend`, { ...filters, bucket }),
};
