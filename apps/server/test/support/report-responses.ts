import { randomUUID } from 'node:crypto';
import type { NewResponse } from '../../src/services/responses/insert-responses';

/** What a report test says of a response; the rest is filled in. */
export interface ReportFixture {
  branchId: number | null;
  surveyId?: number;
  companyId?: number;
  /** The visit's local day, `YYYY-MM-DD`. */
  day: string;
  csat: number | null;
  nps: number | null;
  indicators?: { id: number; score: number }[];
}

/** A response as insertResponses takes it, with the scores the fold reads (columns and payload). */
export function reportResponse(f: ReportFixture): NewResponse {
  const visitDatetime = `${f.day} 19:30:00`;
  const answers = { questions: [], indicators: f.indicators ?? [], csatScore: f.csat, npsScore: f.nps };
  return {
    row: {
      companyId: f.companyId ?? 1,
      branchId: f.branchId,
      surveyId: f.surveyId ?? 1,
      guid: randomUUID(),
      payloadHash: 'h',
      payload: { visitDatetime, answers },
      visitDatetime,
      authType: 'web',
      csatScore: f.csat,
      npsScore: f.nps,
      language: 'en-gb',
    },
    draw: null,
  };
}
