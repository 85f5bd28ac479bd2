// O5.11–O5.14: the dashboard's trend, branch ranking, indicator names and changes (issue 29 item 3;
// decision 0230). The server reads sums from the rollups; these rules shape them.
import { z } from 'zod';
import { enoughResponses } from './figures';
import {
  bucketStart,
  dateOfEpochDay,
  epochDay,
  type Period,
  TREND_BUCKETS,
  type TrendBucket,
} from './periods';
import { reportQuerySchema } from './schemas';

/** GET /console/reports/trend's query: a report query and the bucket (day unless given). */
export const reportTrendQuerySchema = reportQuerySchema.extend({
  bucket: z.enum(TREND_BUCKETS as [TrendBucket, ...TrendBucket[]]).default('day'),
});

/** GET /console/reports/branches's query: the period and, optionally, one survey (every visible branch). */
export const reportBranchesQuerySchema = reportQuerySchema.omit({ branchId: true });

const figures = {
  responses: z.number().int(),
  nps: z.number().int().nullable().describe('O5.2; null when no response answered NPS'),
  npsCount: z.number().int().describe('Responses that answered NPS'),
  csat: z.number().nullable().describe('O5.3, one decimal; null when none'),
  csatCount: z.number().int().describe('Responses with a CSAT'),
};

export const trendPointSchema = z.object({
  start: z.string().describe('The first day of the bucket (O5.8); the first bucket may start before `from`'),
  ...figures,
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** GET /console/reports/trend's answer: every bucket of the period, in order, empty ones with zeros. */
export const reportTrendSchema = z.object({
  bucket: z.enum(TREND_BUCKETS as [TrendBucket, ...TrendBucket[]]),
  points: z.array(trendPointSchema),
});
export type ReportTrend = z.infer<typeof reportTrendSchema>;

const branchFigures = z.object(figures);
export type BranchFigures = z.infer<typeof branchFigures>;

export const reportBranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...figures,
  previous: branchFigures.describe('The same figures over the period before (O5.7)'),
});
export type ReportBranch = z.infer<typeof reportBranchSchema>;

/** GET /console/reports/branches's answer: the branches the operator sees, ranked by O5.11. */
export const reportBranchesSchema = z.object({ items: z.array(reportBranchSchema) });

/** Larger first, null last. */
const desc = (a: number | null, b: number | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
};

/** The tier of a branch's sample: enough responses (O5.5) first, then some, then none. */
const tier = (responses: number) => (enoughResponses(responses) ? 0 : responses > 0 ? 1 : 2);

/**
 * O5.11 Branches ranked: those with enough responses (O5.5) first, then those with fewer, then those with
 * none; within each, by NPS, then CSAT, then responses (larger first, no figure last), then by name.
 * A branch with one delighted guest never outranks one with a hundred.
 */
export function compareBranches<T extends BranchFigures & { name: string }>(a: T, b: T): number {
  return (
    tier(a.responses) - tier(b.responses) ||
    desc(a.nps, b.nps) ||
    desc(a.csat, b.csat) ||
    b.responses - a.responses ||
    a.name.localeCompare(b.name)
  );
}

export interface NamedIndicator {
  id: number;
  name: string;
}

/**
 * O5.12 The indicators of several surveys, merged by id: given the surveys newest first, an id is named
 * by the newest survey that has it, and listed in the order the surveys give (newest survey's first).
 */
export function mergeIndicators(
  surveysNewestFirst: readonly (readonly NamedIndicator[])[],
): NamedIndicator[] {
  const merged = new Map<number, NamedIndicator>();
  for (const indicators of surveysNewestFirst) {
    for (const { id, name } of indicators) if (!merged.has(id)) merged.set(id, { id, name });
  }
  return [...merged.values()];
}

/**
 * O5.13 The buckets of a period: the start of every bucket from the one holding `from` to the one
 * holding `to`, each once, in order (a trend shows empty buckets too).
 */
export function periodBuckets(period: Period, bucket: TrendBucket): string[] {
  const last = bucketStart(period.to, bucket);
  const starts: string[] = [];
  let start = bucketStart(period.from, bucket);
  while (start <= last) {
    starts.push(start);
    const day = epochDay(start) as number;
    // The next bucket starts the day after this one's last day: a month's 31st day is always past it.
    start = bucketStart(dateOfEpochDay(day + (bucket === 'day' ? 1 : bucket === 'week' ? 7 : 31)), bucket);
  }
  return starts;
}

/**
 * O5.14 The change of a figure since the period before: now − before (one decimal), or null when either
 * has no figure.
 */
export function figureChange(now: number | null, before: number | null): number | null {
  if (now === null || before === null) return null;
  return Math.round((now - before) * 10) / 10;
}
