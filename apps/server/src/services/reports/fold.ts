import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { queryRows } from '../../db/query-rows';

/** First key of the fold's advisory lock (decision 0229): one fold at a time, across replicas. */
export const FOLD_LOCK = 7_410_229;

/** The most responses one fold statement takes: bounds its transaction after a long pause. */
export const FOLD_BATCH = 5_000;

// A visit time's date when it is one (issue 27's checks make every new one so); else the day it was stored.
const VISIT_DAY = `case when visit_datetime ~ '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])'
  then left(visit_datetime, 10)::date else (created_at at time zone 'UTC')::date end`;

// Every text a guest wrote: comments, yes/no "why" texts, dish comments and other reasons, the staff
// thanks, services' text answers. One string per response, for the inbox's search.
const TEXT_PATHS = [
  '$.answers.questions[*].answer.text',
  '$.answers.questions[*].answer.extra.menuInsight[*].comment',
  '$.answers.questions[*].answer.extra.menuInsight[*].otherReason',
  '$.answers.questions[*].answer.extra.services[*].answers[*].value',
  '$.staff.description',
  // A positive/negative comment's two boxes are its string choices; yes/no's own words are not comments.
  '$.answers.questions[*].answer.choices[*] ? (@.type() == "string" && @ != "yes" && @ != "no")',
  // The note to a team member chosen from the list (select mode's `text` sub-question).
  '$.staff.subQuestions[*] ? (@.question_type == "text").answers[*]',
];
const TEXTS = sql.raw(
  TEXT_PATHS.map((path) => `select jsonb_path_query(p.payload, '${path}')`).join(' union all '),
);

/**
 * The same texts as one string (one a line) for the response aliased `p`, or null: the alert pass reads
 * it before the fold has run (its words rules, O9.6; decision 0247).
 */
export const GUEST_TEXT_OF_P = sql`(select string_agg(t.v #>> '{}', E'\\n') from (${TEXTS}) as t(v)
  where jsonb_typeof(t.v) = 'string' and btrim(t.v #>> '{}') <> '')`;

/** The columns of a `picked` CTE that foldCtes reads: each response to fold, with its branch key and day. */
export const PICKED_COLUMNS = sql.raw(`id, company_id, coalesce(branch_id, 0) as branch_key, survey_id,
  ${VISIT_DAY} as day, csat_score, nps_score, trigger_complaint, staff_id, payload`);

/**
 * What a fold adds for the responses of a CTE named `picked` (PICKED_COLUMNS): their facts (scores,
 * dishes, texts) and their share of the daily rollups. Rollup rows are summed into (ON CONFLICT …
 * + excluded), so folding in any order gives the same totals. Shared with the synthetic history
 * (db/seed-responses.ts), which inserts responses already folded: one arithmetic for both.
 */
export const foldCtes = sql`
score_rows as (
  select distinct on (p.id, (e->>'id')::int) p.id, p.company_id, p.branch_key, p.survey_id, p.day,
    (e->>'id')::int as indicator_id, (e->>'score')::numeric as score
  from picked p, jsonb_array_elements(coalesce(p.payload->'answers'->'indicators', '[]')) e
  where jsonb_typeof(e->'score') = 'number'
  order by p.id, (e->>'id')::int
),
dish_rows as (
  select p.id, p.company_id, p.branch_key, p.survey_id, p.day,
    (row_number() over (partition by p.id order by q.n, d.n))::smallint as position,
    d.dish->>'ref' as ref, (d.dish->>'aspectRatingId')::smallint as rating,
    array(select jsonb_array_elements_text(coalesce(d.dish->'reasons', '[]'))::int) as reasons
  from picked p,
    jsonb_array_elements(coalesce(p.payload->'answers'->'questions', '[]')) with ordinality q(question, n),
    jsonb_array_elements(coalesce(q.question->'answer'->'extra'->'menuInsight', '[]')) with ordinality d(dish, n)
),
text_rows as (
  select p.id, string_agg(t.v #>> '{}', E'\\n') as body
  from picked p cross join lateral (${TEXTS}) as t(v)
  where jsonb_typeof(t.v) = 'string' and btrim(t.v #>> '{}') <> ''
  group by p.id
),
scores as (insert into response_scores (response_id, indicator_id, score)
  select id, indicator_id, score from score_rows on conflict do nothing),
dishes as (insert into response_dishes (response_id, position, ref, rating, reasons)
  select id, position, ref, rating, reasons from dish_rows on conflict do nothing),
texts as (insert into response_texts (response_id, body) select id, body from text_rows on conflict do nothing),
days as (insert into report_days as t
    (company_id, branch_key, survey_id, day, responses, csat_sum, csat_count, promoters, passives, detractors, complaints)
  select company_id, branch_key, survey_id, day, count(*), coalesce(sum(csat_score), 0), count(csat_score),
    count(*) filter (where nps_score >= 9), count(*) filter (where nps_score >= 7 and nps_score < 9),
    count(*) filter (where nps_score < 7), count(*) filter (where trigger_complaint)
  from picked group by company_id, branch_key, survey_id, day
  on conflict (branch_key, survey_id, day) do update set responses = t.responses + excluded.responses,
    csat_sum = t.csat_sum + excluded.csat_sum, csat_count = t.csat_count + excluded.csat_count,
    promoters = t.promoters + excluded.promoters, passives = t.passives + excluded.passives,
    detractors = t.detractors + excluded.detractors, complaints = t.complaints + excluded.complaints),
indicators as (insert into report_day_indicators as t
    (company_id, branch_key, survey_id, day, indicator_id, score_sum, score_count)
  select company_id, branch_key, survey_id, day, indicator_id, sum(score), count(*)
  from score_rows group by company_id, branch_key, survey_id, day, indicator_id
  on conflict (branch_key, survey_id, day, indicator_id) do update
    set score_sum = t.score_sum + excluded.score_sum, score_count = t.score_count + excluded.score_count),
dish_days as (insert into report_day_dishes as t (company_id, branch_key, survey_id, day, ref, bad, neutral, good)
  select company_id, branch_key, survey_id, day, ref, count(*) filter (where rating = 1),
    count(*) filter (where rating = 2), count(*) filter (where rating = 3)
  from dish_rows group by company_id, branch_key, survey_id, day, ref
  on conflict (branch_key, survey_id, day, ref) do update
    set bad = t.bad + excluded.bad, neutral = t.neutral + excluded.neutral, good = t.good + excluded.good),
reason_days as (insert into report_day_dish_reasons as t
    (company_id, branch_key, survey_id, day, ref, rating, reason_id, count)
  select company_id, branch_key, survey_id, day, ref, rating, reason, count(*)
  from dish_rows, unnest(reasons) as reason group by company_id, branch_key, survey_id, day, ref, rating, reason
  on conflict (branch_key, survey_id, day, ref, rating, reason_id) do update set count = t.count + excluded.count),
staff_days as (insert into report_day_staff as t
    (company_id, branch_key, survey_id, day, staff_id, chosen, csat_sum, csat_count, nps_sum, nps_count)
  select company_id, branch_key, survey_id, day, staff_id, count(*), coalesce(sum(csat_score), 0),
    count(csat_score), coalesce(sum(nps_score), 0), count(nps_score)
  from picked where staff_id is not null group by company_id, branch_key, survey_id, day, staff_id
  on conflict (branch_key, survey_id, day, staff_id) do update set chosen = t.chosen + excluded.chosen,
    csat_sum = t.csat_sum + excluded.csat_sum, csat_count = t.csat_count + excluded.csat_count,
    nps_sum = t.nps_sum + excluded.nps_sum, nps_count = t.nps_count + excluded.nps_count)`;

/**
 * One fold statement: takes up to `limit` responses not yet folded, marks them folded, and adds what
 * foldCtes adds for them, all or nothing.
 */
const foldStatement = (limit: number) => sql`
with picked as (
  update responses r set folded = true
  where r.id in (select id from responses where not folded order by id limit ${limit} for update skip locked)
  returning ${PICKED_COLUMNS}
),
${foldCtes}
select count(*)::int as folded from picked`;

/**
 * Decision 0229: folds every response not yet counted into the report tables, a batch at a time, one
 * fold at a time (an advisory lock: a report that folds before it reads waits for a job already
 * folding, then finds nothing left). Returns how many it folded.
 */
export async function foldResponses(db: Db, batch = FOLD_BATCH): Promise<number> {
  // Nothing waiting (the usual case when a report reads): one index probe, no transaction.
  const [waiting] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from responses where not folded) as any`,
  );
  if (!waiting?.any) return 0;
  let total = 0;
  for (;;) {
    const folded = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}::int)`);
      // No JIT: the statement's cost estimate (many CTEs over jsonb) passes jit_above_cost, and compiling
      // it took ~1 s on PostgreSQL 15 against ~20 ms to run it for a minute's responses, a second that a
      // report read folding first would wait. PGlite has no JIT; the setting is accepted there all the same.
      await tx.execute(sql`set local jit = off`);
      const [row] = await queryRows<{ folded: number }>(tx, foldStatement(batch));
      return row?.folded ?? 0;
    });
    total += folded;
    if (folded < batch) return total;
  }
}
