import {
  type GuestLinkItem,
  type InboxPage,
  type InboxQuery,
  inboxQuerySchema,
  type ResponseDetail,
  type StaffMember,
} from '@venue-voice/domain';
import { api } from '../../platform/api';

/** The filter names the inbox's address carries: the API's own (issue 29: a report links with them). */
export const FILTER_KEYS = (Object.keys(inboxQuerySchema.shape) as (keyof InboxQuery)[]).filter(
  (key) => key !== 'cursor' && key !== 'limit',
);
export type InboxFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** The filters an address says (unknown names are ignored, empty values left out). */
export function filtersOf(params: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') filters[key] = value;
  }
  return filters;
}

export const inboxApi = {
  page: (filters: InboxFilters, cursor: string | null) =>
    api.get<InboxPage>('/responses', { ...filters, cursor }),
  response: (id: string) =>
    api
      .get<{ response: ResponseDetail }>(`/responses/${encodeURIComponent(id)}`)
      .then((data) => data.response),
};

/** The filter bar's choices: the surveys the operator's branches run (`GET /links`), a branch's team. */
export const choicesApi = {
  surveys: () =>
    api.get<{ items: GuestLinkItem[] }>('/links').then((data) => {
      const byId = new Map(data.items.map((item) => [item.surveyId, item.surveyName]));
      return [...byId].map(([id, name]) => ({ id, name }));
    }),
  staff: (branchId: string) =>
    api
      .get<{ items: StaffMember[] }>(`/branches/${encodeURIComponent(branchId)}/staff`)
      .then((data) => data.items),
};
