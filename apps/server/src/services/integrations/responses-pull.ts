import {
  type Answers,
  type CreatePayload,
  checkPullQuery,
  type IdText,
  type Indicator,
  labelDishes,
  labelIndicators,
  labelStaff,
  type PulledResponse,
  type PullPage,
  type PullQuery,
  VoucherCodeState,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { fieldProblemsError } from '../../plugins/errors';
import { productNames } from '../../queries/products';
import { parsedQuestions } from '../../queries/questions';
import { CONTACT_MARKER } from '../responses/supplement-response';
import { decodePullCursor, encodePullCursor, type PullCursor } from './pull-cursor';

/**
 * Decision 0242: a response is pulled only once its position is this old. A position is written inside
 * its transaction (the database's now() for a create, the server's clock for a supplement), so a row
 * committed late could carry a position a tool has already read past; waiting this long covers any
 * transaction of the submit path and the servers' clock drift.
 */
export const PULL_SETTLE_MS = 30_000;

interface Positioned {
  id: number;
  /** UTC, microseconds (the cursor's form). */
  position: string;
}

interface Row extends Positioned {
  guid: string;
  branch_id: number | null;
  survey_id: number;
  visit_datetime: string;
  created_at: Date | string;
  auth_type: string;
  language: string | null;
  table_id: string | null;
  csat_score: number | null;
  nps_score: number | null;
  trigger_complaint: boolean;
  staff_id: number | null;
  staff_name: string | null;
  answers: Partial<Answers> | null;
  staff: CreatePayload['staff'] | null;
  marketing: boolean | null;
  voucher_code: string | null;
  voucher_state: number | null;
  voucher_issued_at: Date | string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_birthday: string | null;
  contact_anniversary: string | null;
  contact_given_at: Date | string | null;
  contact_marked: boolean;
  retention_days: number;
}

interface SurveyParts {
  questions: ReturnType<typeof parsedQuestions>;
  indicators: Indicator[];
  staffTags: IdText[];
}

const iso = (value: Date | string) => new Date(value).toISOString();
const DAY_MS = 86_400_000;
const UTC_MICROS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/**
 * Runs the page's statement with nested loops only and no bitmap scans, in this transaction: each stream
 * is then read in its order and stops at the page. PGlite has no statistics (decision 0157) and guessed a
 * bitmap scan of every response after the cursor and a hash join of every supplement, then a sort:
 * 5 s a page at 60,000 responses, 0.2–0.7 s this way; PostgreSQL plans the same either way (0.04–0.14 s
 * a page at 200,000).
 */
function inLookupOrder<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_hashjoin', 'off', true),
        set_config('enable_mergejoin', 'off', true)`,
    );
    return work(tx);
  });
}

/**
 * The page's ids and positions, in position order (decision 0242). Position: when the response was
 * stored or, if later, when a supplement last changed it. Two streams, each read in its own order and
 * cut at the page size, then merged:
 * - created: per survey of the company, by (created_at, id) on responses_survey_created_idx, the
 *   responses no supplement changed after they were stored (their position is their created_at);
 * - supplemented: the others, by their latest supplement: the supplements changed since the lower
 *   bound sorted (no index on updated_at, decision 0242), each looked up until the page is full.
 * A response is in exactly one stream, so the first `limit` of the merge are the first `limit` overall.
 */
async function positions(
  db: Db,
  companyId: number,
  after: PullCursor | null,
  since: Date | null,
  limit: number,
  settleMs: number,
): Promise<Positioned[]> {
  const p = after ? after.position : null;
  const i = after ? after.id : 0;
  const s = since ? since.toISOString() : null;
  return inLookupOrder(db, (tx) =>
    queryRows<Positioned>(
      tx,
      sql`with bounds as (
        select ${p}::timestamptz as p, ${i}::int as i,
          coalesce(greatest(${p}::timestamptz, ${s}::timestamptz), '-infinity'::timestamptz) as lb,
          statement_timestamp() - make_interval(secs => ${settleMs / 1000}) as horizon
      ),
      created as (
        select c.id, c.created_at as pos
        from surveys sv cross join bounds b
        cross join lateral (
          select r.id, r.created_at from responses r
          where r.survey_id = sv.id and r.company_id = ${companyId}
            and r.created_at >= b.lb and r.created_at <= b.horizon
            and (b.p is null or r.created_at > b.p or r.id > b.i)
            and not exists (select 1 from response_supplements x
              where x.response_id = r.id and x.updated_at > r.created_at)
          order by r.created_at, r.id
          limit ${limit}
        ) c
        where sv.company_id = ${companyId}
      ),
      supplemented as (
        select s.response_id as id, s.updated_at as pos
        from (
          -- Sorted before anything is joined (offset 0 keeps the planner from folding it in): the
          -- page then looks up its responses one by one and stops at the page, instead of joining
          -- every supplement changed since the bound first (1.3 s → 0.1 s a page at 200,000 responses).
          select x.response_id, x.updated_at, x.kind from response_supplements x cross join bounds b
          where x.updated_at >= b.lb and x.updated_at <= b.horizon
          order by x.updated_at, x.response_id
          offset 0
        ) s cross join bounds b
        where (b.p is null or s.updated_at > b.p or s.response_id > b.i)
          and exists (select 1 from responses r where r.id = s.response_id and r.company_id = ${companyId}
            and r.created_at < s.updated_at)
          -- The response's latest supplement only (a later one, or a later kind at the same time).
          and not exists (select 1 from response_supplements y where y.response_id = s.response_id
            and (y.updated_at > s.updated_at or (y.updated_at = s.updated_at and y.kind > s.kind)))
        order by s.updated_at, s.response_id
        limit ${limit}
      ),
      merged as (
        select id, pos from created union all select id, pos from supplemented
        order by pos, id
        limit ${limit}
      )
      select id, to_char(pos at time zone 'UTC', ${sql.raw(UTC_MICROS)}) as position
      from merged order by pos, id`,
    ),
  );
}

/** Everything an item shows, for the page's ids. */
async function rowsOf(db: Db, page: readonly Positioned[]): Promise<Row[]> {
  if (page.length === 0) return [];
  const ids = `{${page.map((p) => p.id).join(',')}}`;
  const rows = await queryRows<Omit<Row, 'position'>>(
    db,
    sql`select r.id, r.guid, r.branch_id, r.survey_id, r.visit_datetime, r.created_at, r.auth_type,
        r.language, r.table_id, r.csat_score, r.nps_score, r.trigger_complaint, r.staff_id,
        m.display_name as staff_name, r.payload->'answers' as answers, r.payload->'staff' as staff,
        (select (x.payload->>'permitted')::boolean from response_supplements x
          where x.response_id = r.id and x.kind = 'marketing') as marketing,
        v.code as voucher_code, v.state as voucher_state, v.issued_at as voucher_issued_at,
        cd.name as contact_name, cd.email as contact_email, cd.phone as contact_phone,
        cd.birthday as contact_birthday, cd.anniversary as contact_anniversary, cd.given_at as contact_given_at,
        exists (select 1 from response_supplements x where x.response_id = r.id
          and (x.kind = ${CONTACT_MARKER} or (x.kind = 'complaint_contact'
            and x.payload->>'complaintContact' = 'true'))) as contact_marked,
        c.contact_retention_days as retention_days
      from responses r
      join companies c on c.id = r.company_id
      left join staff_members m on m.id = r.staff_id and m.branch_id = r.branch_id
      left join voucher_codes v on v.response_id = r.id
      left join contact_details cd on cd.response_id = r.id
      where r.id = any(${ids}::int[])`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap((p) => {
    const row = byId.get(p.id);
    return row ? [{ ...row, position: p.position }] : [];
  });
}

/** The questions, indicators and staff tags of the page's surveys, read once each. */
async function surveysOf(db: Db, ids: readonly number[]): Promise<Map<number, SurveyParts>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    id: number;
    questions: unknown;
    definition: { indicators?: Indicator[]; staffSelector?: { tags?: IdText[] } };
  }>(db, sql`select id, questions, definition from surveys where id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        questions: parsedQuestions(row.questions),
        indicators: row.definition?.indicators ?? [],
        staffTags: row.definition?.staffSelector?.tags ?? [],
      },
    ]),
  );
}

/**
 * The contact details while kept (O3.13: the company's days after they were given), never past them:
 * details the hourly purge has not reached yet are already withheld at their time.
 */
function contactOf(row: Row, now: Date): Pick<PulledResponse, 'contact' | 'contactDeleted'> {
  if (row.contact_given_at !== null) {
    const deleteBy = new Date(new Date(row.contact_given_at).getTime() + row.retention_days * DAY_MS);
    if (deleteBy > now)
      return {
        contact: {
          name: row.contact_name,
          email: row.contact_email,
          phone: row.contact_phone,
          birthday: row.contact_birthday,
          anniversary: row.contact_anniversary,
          givenAt: iso(row.contact_given_at),
          deleteBy: deleteBy.toISOString(),
        },
        contactDeleted: false,
      };
    return { contact: null, contactDeleted: true };
  }
  return { contact: null, contactDeleted: row.contact_marked };
}

function itemOf(row: Row, survey: SurveyParts | undefined, names: Record<string, string>, now: Date) {
  const given = row.answers?.questions ?? [];
  const questions = survey?.questions ?? [];
  const member =
    row.staff_id !== null && row.staff_name !== null ? { id: row.staff_id, name: row.staff_name } : null;
  const staff = labelStaff(row.staff ?? undefined, member, survey?.staffTags ?? []);
  const item: PulledResponse = {
    id: row.id,
    guid: row.guid,
    updatedAt: row.position,
    branchId: row.branch_id,
    surveyId: row.survey_id,
    visitDatetime: row.visit_datetime,
    receivedAt: iso(row.created_at),
    source: row.auth_type === 'app' ? 'tablet' : 'web',
    language: row.language,
    tableId: row.table_id,
    csat: row.csat_score,
    nps: row.nps_score,
    indicators: labelIndicators(row.answers?.indicators ?? [], survey?.indicators ?? []).map(
      ({ id, name, score }) => ({ id, name, score }),
    ),
    answers: given,
    dishes: labelDishes(given, questions, names).map(
      ({ questionId, ref, name, rating, reasons, comment }) => ({
        questionId,
        ref,
        name,
        rating,
        reasons,
        comment,
      }),
    ),
    staff,
    complaint: row.trigger_complaint,
    marketingPermitted: row.marketing,
    voucher:
      row.voucher_code === null
        ? null
        : {
            code: row.voucher_code,
            state: row.voucher_state === VoucherCodeState.DELETED ? 'withdrawn' : 'issued',
            issuedAt: row.voucher_issued_at === null ? null : iso(row.voucher_issued_at),
          },
    ...contactOf(row, now),
  };
  return item;
}

/**
 * GET /integrations/responses: the company's responses new or changed since the tool's cursor (or
 * `updatedSince`), oldest position first, `limit` a page (O11.3–O11.5, decision 0242). A tool that
 * stores each page's nextCursor and asks again with it gets every new or changed response once.
 */
export async function pullResponses(
  db: Db,
  companyId: number,
  query: PullQuery,
  now: Date,
  settleMs = PULL_SETTLE_MS,
): Promise<PullPage> {
  const checked = checkPullQuery(query);
  if ('faults' in checked)
    throw fieldProblemsError(checked.faults.map((f) => ({ ...f, in: 'query', missing: false })));
  const after = checked.cursor === null ? null : decodePullCursor(checked.cursor);
  if (checked.cursor !== null && after === null)
    throw fieldProblemsError([
      { field: 'cursor', in: 'query', message: 'Expected the nextCursor of a page before', missing: false },
    ]);
  // One more than the page: whether more are ready now.
  const found = await positions(db, companyId, after, checked.since, checked.limit + 1, settleMs);
  const page = found.slice(0, checked.limit);
  const rows = await rowsOf(db, page);
  const [surveys, names] = await Promise.all([
    surveysOf(db, [...new Set(rows.map((row) => row.survey_id))]),
    productNames(
      db,
      companyId,
      rows.flatMap((row) =>
        (row.answers?.questions ?? []).flatMap((q) => (q.answer.extra?.menuInsight ?? []).map((d) => d.ref)),
      ),
    ),
  ]);
  const last = page.at(-1);
  return {
    items: rows.map((row) => itemOf(row, surveys.get(row.survey_id), names, now)),
    nextCursor: last ? encodePullCursor({ position: last.position, id: last.id }) : (checked.cursor ?? null),
    hasMore: found.length > checked.limit,
  };
}
