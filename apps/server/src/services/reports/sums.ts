import type { OperatorScope } from '@venue-voice/domain';
import { meanOf, npsFromCounts } from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';

/** What a report service is given: the database and the operator reading (never a request). */
export interface ReportContext {
  db: Db;
  operator: OperatorScope;
}

/** The sums of `report_days` rows (alias `t`) a report adds up; zeros over no rows. */
export interface DaySums {
  responses: number;
  csat_sum: number;
  csat_count: number;
  promoters: number;
  passives: number;
  detractors: number;
}

// float8 for the CSAT sum: exact to 2^53, where int would overflow past 21 million full-marks responses.
export const DAY_SUMS = sql.raw(`coalesce(sum(t.responses), 0)::int as responses,
  coalesce(sum(t.csat_sum), 0)::float8 as csat_sum, coalesce(sum(t.csat_count), 0)::int as csat_count,
  coalesce(sum(t.promoters), 0)::int as promoters, coalesce(sum(t.passives), 0)::int as passives,
  coalesce(sum(t.detractors), 0)::int as detractors`);

export const NO_SUMS: DaySums = {
  responses: 0,
  csat_sum: 0,
  csat_count: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
};

/** Two sets of sums added (a trend's days into its bucket). */
export function addSums(a: DaySums, b: DaySums): DaySums {
  return {
    responses: a.responses + b.responses,
    csat_sum: a.csat_sum + b.csat_sum,
    csat_count: a.csat_count + b.csat_count,
    promoters: a.promoters + b.promoters,
    passives: a.passives + b.passives,
    detractors: a.detractors + b.detractors,
  };
}

/** The figures of sums by the domain's rules: NPS (O5.2) and mean CSAT (O5.3). */
export function figuresOf(sums: DaySums) {
  const counts = { promoters: sums.promoters, passives: sums.passives, detractors: sums.detractors };
  return {
    responses: sums.responses,
    nps: npsFromCounts(counts),
    npsCount: sums.promoters + sums.passives + sums.detractors,
    csat: meanOf(sums.csat_sum, sums.csat_count),
    csatCount: sums.csat_count,
  };
}
