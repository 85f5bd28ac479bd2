import type { SurveyListItem, TillChecksPage } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** Checks the picker offers at a time: the newest, or those a search finds (O15.45 allows 50). */
export const PICKER_CHECKS = 30;

/** GET /console/transactions (decision 0260) and the survey list's branches, for the Engine panel. */
export const tillChecksApi = {
  /** A branch's newest stored checks, or those whose check id, table or whole PIN matches `q`. */
  list: (branchId: number, q: string) =>
    api.get<TillChecksPage>('/transactions', {
      branchId: String(branchId),
      limit: String(PICKER_CHECKS),
      ...(q ? { q } : {}),
    }),
  /** Every survey the operator may read, with the branches each serves. */
  surveys: () => api.get<{ items: SurveyListItem[] }>('/surveys'),
};
