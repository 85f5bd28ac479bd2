import type { StaffReport } from '@venue-voice/domain';
import { api } from '../../platform/api';
import type { ReportFilters } from '../../ui/report-filters';

export const teamApi = {
  report: (filters: ReportFilters) => api.get<StaffReport>('/reports/staff', { ...filters }),
};
