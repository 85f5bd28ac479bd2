import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/connection';
import { insertResponses, type NewResponse } from '../../src/services/responses/insert-responses';
import { NOW } from '../harness';

/** A dish rated in a menu-insight answer: rating 1 bad, 2 neutral, 3 good, with its reason ids. */
export const dish = (ref: string, aspectRatingId: 1 | 2 | 3, reasons: number[] = []) => ({
  ref,
  aspectRatingId,
  reasons,
});

export interface RatedResponse {
  branchId: number;
  /** `YYYY-MM-DD HH:MM:SS`, the visit's local time. */
  visit: string;
  surveyId?: number;
  dishes?: ReturnType<typeof dish>[];
  staffId?: number;
  /** The staff answer (payload.staff) as the guest app builds it. */
  staff?: object;
  csat?: number | null;
  nps?: number | null;
}

/**
 * Stores responses as survey.submit would (insertResponses), company 1, for the dish and team reports'
 * tests: dishes in question 110's menu insight, a member named with their staff answer. Not folded:
 * each report read folds first (reportScope). Answers the stored ids, in order.
 */
export async function insertRated(db: Db, list: RatedResponse[]): Promise<number[]> {
  const rows: NewResponse[] = list.map((r) => {
    const answers = {
      questions: r.dishes ? [{ id: 110, answer: { extra: { menuInsight: r.dishes } } }] : [],
      indicators: [],
      csatScore: r.csat ?? null,
      npsScore: r.nps ?? null,
    };
    const payload = {
      visitDatetime: r.visit,
      answers,
      staffId: r.staffId ?? null,
      ...(r.staff ? { staff: r.staff } : {}),
    };
    return {
      row: {
        companyId: 1,
        branchId: r.branchId,
        surveyId: r.surveyId ?? 1,
        guid: randomUUID(),
        payloadHash: 'h',
        payload,
        visitDatetime: r.visit,
        authType: 'web',
        csatScore: r.csat ?? null,
        npsScore: r.nps ?? null,
        staffId: r.staffId ?? null,
        language: 'en-gb',
      },
      draw: null,
    };
  });
  const stored = await insertResponses(db, rows, NOW);
  return [...stored.values()].map((s) => s?.id as number);
}
