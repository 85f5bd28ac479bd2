import type { CaseCounts, CaseDetail, CaseListStatus, CasePage, CasePatch } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** The list's filters as the address carries them (the API's own names). */
export interface CaseFilters {
  status: CaseListStatus;
  branchId?: string;
  ownerId?: string;
}

const detail = (data: { case: CaseDetail }) => data.case;

export const casesApi = {
  counts: () => api.get<CaseCounts>('/cases/counts'),
  page: (filters: CaseFilters, cursor: string | null) => api.get<CasePage>('/cases', { ...filters, cursor }),
  get: (id: string) => api.get<{ case: CaseDetail }>(`/cases/${encodeURIComponent(id)}`).then(detail),
  change: (id: string, patch: CasePatch) =>
    api.patch<{ case: CaseDetail }>(`/cases/${encodeURIComponent(id)}`, patch).then(detail),
  note: (id: string, body: string) =>
    api.post<{ case: CaseDetail }>(`/cases/${encodeURIComponent(id)}/notes`, { body }).then(detail),
  reply: (id: string, reply: { subject?: string; body: string }) =>
    api.post<{ case: CaseDetail }>(`/cases/${encodeURIComponent(id)}/reply`, reply).then(detail),
};
