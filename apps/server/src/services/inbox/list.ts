import {
  encodeInboxCursor,
  excerptOf,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  npsGroupOf,
  type OperatorScope,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { inIndexOrder } from '../../db/index-order';
import { checkedInboxFilter, inboxScope, inboxWhere } from './filters';

interface Row {
  id: number;
  branch_id: number | null;
  branch_name: string | null;
  survey_id: number;
  survey_name: string;
  visit_datetime: string;
  auth_type: string;
  language: string | null;
  csat_score: number | null;
  nps_score: number | null;
  trigger_complaint: boolean;
  body: string | null;
  has_photo: boolean;
  staff_id: number | null;
  staff_name: string | null;
  dishes: number;
}

// The texts are read cut short: an excerpt never needs more, and a long comment stays in the database.
const EXCERPT_SOURCE = 400;

const itemOf = (row: Row): InboxItem => ({
  id: row.id,
  branch: row.branch_id === null ? null : { id: row.branch_id, name: row.branch_name ?? '' },
  survey: { id: row.survey_id, name: row.survey_name },
  visitDatetime: row.visit_datetime,
  source: row.auth_type === 'app' ? 'app' : 'web',
  language: row.language,
  csat: row.csat_score,
  nps: row.nps_score,
  npsGroup: npsGroupOf(row.nps_score),
  complaint: row.trigger_complaint,
  hasComment: row.body !== null,
  hasPhoto: row.has_photo,
  staff: row.staff_id === null ? null : { id: row.staff_id, name: row.staff_name ?? '' },
  dishes: Number(row.dishes),
  excerpt: excerptOf(row.body),
});

/**
 * GET /console/responses: a page of the inbox, newest visit first (visit_datetime, then id, both
 * descending), every filter in the database (services/inbox/filters.ts). The page after is keyset:
 * rows strictly before the last one's (visit time, id), so a page is never repeated or skipped while
 * responses keep arriving (decision 0232).
 */
export async function listInbox(db: Db, operator: OperatorScope, query: InboxQuery): Promise<InboxPage> {
  const filter = checkedInboxFilter(query);
  const scope = await inboxScope(db, operator, filter);
  const after = filter.cursor
    ? sql`and (r.visit_datetime, r.id) < (${filter.cursor.visitDatetime}, ${filter.cursor.id})`
    : sql``;
  // The page in the index's order, whatever the planner's estimates (db/index-order.ts).
  const rows = await inIndexOrder(db, (tx) =>
    queryRows<Row>(
      tx,
      sql`select r.id, r.branch_id, b.name as branch_name, r.survey_id, s.name as survey_name,
        r.visit_datetime, r.auth_type, r.language, r.csat_score, r.nps_score, r.trigger_complaint,
        (select left(t.body, ${EXCERPT_SOURCE}) from response_texts t where t.response_id = r.id) as body,
        exists (select 1 from response_uploads u where u.response_id = r.id) as has_photo,
        r.staff_id, m.display_name as staff_name,
        (select count(*) from response_dishes d where d.response_id = r.id)::int as dishes
      from (select r.* from responses r where ${inboxWhere(scope, filter)} ${after}
        order by r.visit_datetime desc, r.id desc limit ${filter.limit + 1}) r
      join surveys s on s.id = r.survey_id
      left join branches b on b.id = r.branch_id
      left join staff_members m on m.id = r.staff_id and m.branch_id = r.branch_id
      order by r.visit_datetime desc, r.id desc`,
    ),
  );
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: page.map(itemOf),
    nextCursor:
      rows.length > filter.limit && last
        ? encodeInboxCursor({ visitDatetime: last.visit_datetime, id: last.id })
        : null,
  };
}
