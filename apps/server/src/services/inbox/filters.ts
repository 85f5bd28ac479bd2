import {
  checkInboxQuery,
  type InboxFilter,
  type InboxQuery,
  likePattern,
  npsBand,
  type OperatorScope,
} from '@venue-voice/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { fieldProblemsError } from '../../plugins/errors';
import { foldResponses } from '../reports/fold';
import { branchAndSurvey, type ReportScope, reportScope, responsesWhere } from '../reports/scope';

/**
 * An inbox query checked (O6.1–O6.9): its filter, or 400 naming every refused field (10008 when a value
 * needs another that is missing, else 10009).
 */
export function checkedInboxFilter(query: InboxQuery): InboxFilter {
  const checked = checkInboxQuery(query);
  if ('filter' in checked) return checked.filter;
  throw fieldProblemsError(checked.faults.map((fault) => ({ ...fault, in: 'query' })));
}

/** What an inbox read covers: the operator's company and branches, a survey, and an optional period. */
export interface InboxScope {
  companyId: number;
  branchKeys: ReportScope['branchKeys'];
  surveyId: number | null;
  period: { from: string; to: string } | null;
}

/**
 * The scope of a checked inbox filter (O1.1, O1.4, O5.10): with a period, the report scope's checks
 * (a bad period 400 10025, a hidden branch 404 10012, another company's survey 404 10014); without
 * one, the same branch and survey checks. Either way what is waiting is folded first (decision 0229),
 * so the filters on folded facts (scores, dishes, texts) see every response stored so far.
 */
export async function inboxScope(db: Db, operator: OperatorScope, filter: InboxFilter): Promise<InboxScope> {
  const ids = {
    branchId: filter.branchId === null ? undefined : String(filter.branchId),
    surveyId: filter.surveyId === null ? undefined : String(filter.surveyId),
  };
  if (filter.period) {
    const scope = await reportScope(db, operator, { ...filter.period, ...ids });
    return { ...scope, period: filter.period };
  }
  const { branchKeys, surveyId } = await branchAndSurvey(db, operator, ids);
  await foldResponses(db);
  return { companyId: operator.companyId, branchKeys, surveyId, period: null };
}

/**
 * The SQL condition on `responses r` of an inbox scope and filter, every filter in the database
 * (O6.1–O6.7): the exports call this too, so a file holds exactly the rows the inbox lists. Company,
 * branches, survey and period as every raw read of a scope (`responsesWhere`).
 */
export function inboxWhere(scope: InboxScope, filter: InboxFilter): SQL {
  const parts: (SQL | undefined)[] = responsesWhere(scope, scope.period);
  if (filter.score) {
    const { indicatorId, min, max } = filter.score;
    parts.push(sql`exists (select 1 from response_scores s where s.response_id = r.id
      and s.indicator_id = ${indicatorId}
      ${min === null ? sql`` : sql`and s.score >= ${min}`} ${max === null ? sql`` : sql`and s.score <= ${max}`})`);
  }
  if (filter.nps) {
    const { min, below } = npsBand(filter.nps);
    parts.push(sql`r.nps_score >= ${min}`);
    if (below !== null) parts.push(sql`r.nps_score < ${below}`);
  }
  if (filter.csat) parts.push(sql`r.csat_score between ${filter.csat.min} and ${filter.csat.max}`);
  if (filter.complaint) parts.push(sql`r.trigger_complaint`);
  if (filter.comment) parts.push(sql`exists (select 1 from response_texts t where t.response_id = r.id)`);
  if (filter.photo) parts.push(sql`exists (select 1 from response_uploads u where u.response_id = r.id)`);
  if (filter.staffId !== null) parts.push(sql`r.staff_id = ${filter.staffId}`);
  if (filter.dish !== null)
    parts.push(
      sql`exists (select 1 from response_dishes d where d.response_id = r.id and d.ref = ${filter.dish})`,
    );
  if (filter.language !== null) parts.push(sql`r.language = ${filter.language}`);
  if (filter.source !== null) parts.push(sql`r.auth_type = ${filter.source}`);
  if (filter.q !== null)
    parts.push(sql`exists (select 1 from response_texts t where t.response_id = r.id
      and lower(t.body) like ${likePattern(filter.q)} escape '\\')`);
  return sql.join(
    parts.filter((part): part is SQL => part !== undefined),
    sql` and `,
  );
}
