/** The console's report and inbox calls: queries and answers (operator-side.md "Calls"; one schema, three uses). */
import { z } from 'zod';

const date = z.string().max(10).describe('YYYY-MM-DD, the branch’s local day (O5.6)');
const queryId = z.string().max(12).describe('A whole number id');

/** What every report call takes: a period and, optionally, one branch and one survey. */
export const reportQuerySchema = z.object({
  from: date,
  to: date,
  branchId: queryId.optional(),
  surveyId: queryId.optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const npsSchema = z.object({
  score: z.number().int().nullable().describe('O5.2, −100…100; null when no response answered NPS'),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
});

/** GET /console/reports/summary's answer (the contract of operator-side.md, with counts beside means). */
export const reportSummarySchema = z.object({
  responses: z.number().int(),
  nps: npsSchema,
  csat: z.object({
    score: z.number().nullable().describe('O5.3 mean CSAT, one decimal'),
    count: z.number().int(),
  }),
  indicators: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      average: z.number().nullable().describe('O5.4 one decimal'),
      count: z.number().int(),
    }),
  ),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
