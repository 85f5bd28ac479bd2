import {
  type BranchFigures,
  bestAndWorstDishes,
  caseAgeDays,
  type DigestPeriod,
  type DishRow,
  mostThanked,
  type OperatorScope,
  type Period,
  previousPeriod,
  type ReportBranch,
  type StaffReport,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { intArray } from '../../db/sql-arrays';
import { reportBranches } from '../reports/branches';
import { dishReport } from '../reports/dishes';
import { reportScope } from '../reports/scope';
import { staffReport } from '../reports/staff';
import { reportSummary } from '../reports/summary';

/** The dashboard's figures of a period (responses, NPS, CSAT with the counts behind them). */
export type DigestFigures = BranchFigures;

/** Open cases of one branch (branch null: responses of no branch, an owner's only). */
export interface OpenCases {
  branchId: number | null;
  branchName: string | null;
  open: number;
  oldestDays: number;
}

/** What a digest says, before it is worded: all read through the report services, as the console does. */
export interface DigestContent {
  period: DigestPeriod;
  previous: Period;
  now: DigestFigures;
  before: DigestFigures;
  /** Each branch's figures and the period before's, ranked (O5.11); listed when there are two or more. */
  branches: ReportBranch[];
  best: DishRow[];
  worst: DishRow[];
  thanked: StaffReport['members'];
  cases: OpenCases[];
}

/** The summary's figures as the dashboard's cards and the branch ranking name them (figuresOf). */
async function figures(db: Db, operator: OperatorScope, period: Period): Promise<DigestFigures> {
  const { responses, nps, csat } = await reportSummary({ db, operator }, period);
  return {
    responses,
    nps: nps.score,
    npsCount: nps.promoters + nps.passives + nps.detractors,
    csat: csat.score,
    csatCount: csat.count,
  };
}

/**
 * Open cases (status other than resolved) per branch the operator sees, with the oldest one's age. The
 * cases helper owns the table; this only counts.
 */
async function openCases(db: Db, operator: OperatorScope, now: Date): Promise<OpenCases[]> {
  const branches =
    operator.branchIds === 'all' ? sql`true` : sql`c.branch_id = any(${intArray(operator.branchIds)})`;
  const rows = await queryRows<{
    branch_id: number | null;
    name: string | null;
    open: number;
    oldest: string;
  }>(
    db,
    sql`select c.branch_id, b.name, count(*)::int as open, min(c.opened_at) as oldest
      from cases c left join branches b on b.id = c.branch_id
      where c.company_id = ${operator.companyId} and c.status <> 'resolved' and ${branches}
      group by c.branch_id, b.name order by b.name nulls last, c.branch_id`,
  );
  return rows.map((row) => ({
    branchId: row.branch_id,
    branchName: row.name,
    open: row.open,
    oldestDays: caseAgeDays(new Date(row.oldest), now),
  }));
}

/**
 * The digest of an operator for a period: what the policy lets them see (O1.4, the report services'
 * own scope), the period against the one before (O5.7), best and worst dishes (O13.7), staff most
 * thanked (O13.8), open cases per branch.
 */
export async function digestContent(
  db: Db,
  operator: OperatorScope,
  period: DigestPeriod,
  now: Date,
): Promise<DigestContent> {
  const range = { from: period.from, to: period.to };
  const previous = previousPeriod(range);
  const scope = await reportScope(db, operator, range);
  const nowFigures = await figures(db, operator, range);
  const beforeFigures = await figures(db, operator, previous);
  const { items: branches } = await reportBranches({ db, operator }, range);
  const { best, worst } = bestAndWorstDishes((await dishReport(db, scope, 'product')).items);
  const thanked = mostThanked((await staffReport(db, scope)).members);
  return {
    period,
    previous,
    now: nowFigures,
    before: beforeFigures,
    branches: branches.length > 1 ? branches : [],
    best,
    worst,
    thanked,
    cases: await openCases(db, operator, now),
  };
}
