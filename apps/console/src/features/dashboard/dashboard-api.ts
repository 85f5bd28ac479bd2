import type { ReportBranch, ReportSummary, ReportTrend, TrendBucket } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** What every report call is asked: the period and, optionally, one branch and one survey. */
export interface ReportFilter {
  from: string;
  to: string;
  branchId: number | null;
  surveyId: number | null;
}

export interface SurveyChoice {
  id: number;
  name: string;
}

export const dashboardApi = {
  summary: (filter: ReportFilter) => api.get<ReportSummary>('/reports/summary', { ...filter }),
  trend: (filter: ReportFilter, bucket: TrendBucket) =>
    api.get<ReportTrend>('/reports/trend', { ...filter, bucket }),
  branches: ({ from, to, surveyId }: ReportFilter) =>
    api.get<{ items: ReportBranch[] }>('/reports/branches', { from, to, surveyId }),
  /** The surveys running at the operator's branches, once each (from their guest links, O4.1). */
  surveys: async (): Promise<SurveyChoice[]> => {
    const { items } = await api.get<{ items: { surveyId: number; surveyName: string }[] }>('/links');
    const surveys = new Map(items.map((item) => [item.surveyId, item.surveyName]));
    return [...surveys].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  },
};
