import {
  type IdText,
  STAFF_LATEST_COMMENTS,
  type StaffReport,
  type StaffSums,
  staffFigures,
  staffTagLabel,
  type TagCount,
  topTags,
} from '@venue-voice/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { intArray } from '../../db/sql-arrays';
import { surveyStaffTags } from './reason-labels';
import { type ReportScope, responsesWhere, rollupWhere } from './scope';

interface Sums {
  staff_id: number;
  branch_key: number;
  chosen: number;
  csat_sum: number;
  csat_count: number;
  nps_sum: number;
  nps_count: number;
}

const noSums = (): StaffSums => ({ chosen: 0, csatSum: 0, csatCount: 0, npsSum: 0, npsCount: 0 });

function add(into: StaffSums, row: Sums) {
  into.chosen += row.chosen;
  into.csatSum += row.csat_sum;
  into.csatCount += row.csat_count;
  into.npsSum += row.nps_sum;
  into.npsCount += row.nps_count;
}

/** The responses of a scope naming a member, read raw (alias `r`): tags and comments no rollup keeps. */
const staffResponses = (scope: ReportScope): SQL =>
  sql.join([...responsesWhere(scope, scope), sql`r.staff_id is not null`], sql` and `);

// The staff answer as the guest app builds it (domain staffAnswer, G4.57): tag ids in the `tags`
// sub-question, the comment in the `text` one (select mode) or the description (text mode).
const TAGS_PATH = '$.staff.subQuestions[*] ? (@.question_type == "tags").answers[*] ? (@.type() == "number")';
const TEXT_PATH = '$.staff.subQuestions[*] ? (@.question_type == "text").answers[0] ? (@.type() == "string")';

/** How often each tag was given to each member, once per response, by survey (its labels, O7.7). */
const tagCounts = (db: Db, scope: ReportScope) =>
  queryRows<{ staff_id: number; survey_id: number; tag: number; count: number }>(
    db,
    sql`select r.staff_id, r.survey_id, (tag #>> '{}')::int as tag, count(distinct r.id)::int as count
      from responses r cross join lateral jsonb_path_query(r.payload, ${TAGS_PATH}::jsonpath) as tag
      where ${staffResponses(scope)} group by 1, 2, 3`,
  );

/** Each member's latest comments (O7.8), newest visit first. */
const latestComments = (db: Db, scope: ReportScope) =>
  queryRows<{ staff_id: number; response_id: number; visit_datetime: string; text: string }>(
    db,
    sql`select staff_id, response_id, visit_datetime, text from (
        select r.staff_id, r.id as response_id, r.visit_datetime, btrim(c.text) as text,
          row_number() over (partition by r.staff_id order by r.visit_datetime desc, r.id desc) as n
        from responses r cross join lateral (select coalesce(
          jsonb_path_query_first(r.payload, ${TEXT_PATH}::jsonpath) #>> '{}',
          r.payload->'staff'->>'description') as text) c
        where ${staffResponses(scope)} and btrim(coalesce(c.text, '')) <> ''
      ) x where n <= ${STAFF_LATEST_COMMENTS} order by staff_id, n`,
  );

/**
 * The team report (issue 29 item 5): per member named in the scope, times chosen and the CSAT and
 * recommend means of those responses (O7.5, from report_day_staff), the tags given most (O7.6) and the
 * latest comments (O7.8), read from the responses themselves (decision 0235); and per branch, the same
 * figures over its members. Most chosen first.
 */
export async function staffReport(db: Db, scope: ReportScope): Promise<StaffReport> {
  const sums = await queryRows<Sums>(
    db,
    sql`select t.staff_id, t.branch_key, sum(t.chosen)::int as chosen, sum(t.csat_sum)::int as csat_sum,
      sum(t.csat_count)::int as csat_count, sum(t.nps_sum)::int as nps_sum, sum(t.nps_count)::int as nps_count
      from report_day_staff t where ${rollupWhere(scope)} group by t.staff_id, t.branch_key`,
  );
  const staffIds = [...new Set(sums.map((s) => s.staff_id))];
  const branchKeys = [...new Set(sums.map((s) => s.branch_key))];
  const [members, branchRows, tags, comments, surveyTags] = await Promise.all([
    staffIds.length === 0
      ? []
      : queryRows<{ id: number; name: string; tags: IdText[]; branch_id: number; branch_name: string }>(
          db,
          sql`select s.id, s.full_name as name, s.tags, b.id as branch_id, b.name as branch_name
            from staff_members s join branches b on b.id = s.branch_id
            where b.company_id = ${scope.companyId} and s.id = any(${intArray(staffIds)})`,
        ),
    queryRows<{ id: number; name: string }>(
      db,
      sql`select id, name from branches where company_id = ${scope.companyId}
        and id = any(${intArray(branchKeys)})`,
    ),
    staffIds.length === 0 ? [] : tagCounts(db, scope),
    staffIds.length === 0 ? [] : latestComments(db, scope),
    staffIds.length === 0 ? new Map<number, IdText[]>() : surveyStaffTags(db, scope.companyId),
  ]);
  const memberOf = new Map(members.map((m) => [m.id, m]));
  const branchName = new Map(branchRows.map((b) => [b.id, b.name]));

  const perMember = new Map<number, StaffSums>();
  const perBranch = new Map<number, { sums: StaffSums; members: Set<number> }>();
  for (const row of sums) {
    const member = perMember.get(row.staff_id) ?? noSums();
    add(member, row);
    perMember.set(row.staff_id, member);
    const branch = perBranch.get(row.branch_key) ?? { sums: noSums(), members: new Set<number>() };
    add(branch.sums, row);
    branch.members.add(row.staff_id);
    perBranch.set(row.branch_key, branch);
  }
  const tagsOf = new Map<number, TagCount[]>();
  for (const tag of tags) {
    const own = memberOf.get(tag.staff_id)?.tags ?? [];
    const label = staffTagLabel(tag.tag, Array.isArray(own) ? own : [], surveyTags.get(tag.survey_id) ?? []);
    const list = tagsOf.get(tag.staff_id) ?? [];
    list.push({ id: tag.tag, label, count: tag.count });
    tagsOf.set(tag.staff_id, list);
  }

  const byChosen = <T extends { chosen: number; name: string | null; id: number }>(a: T, b: T) =>
    b.chosen - a.chosen || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || a.id - b.id;
  return {
    members: [...perMember]
      .map(([id, memberSums]) => {
        const member = memberOf.get(id);
        return {
          id,
          name: member?.name ?? null,
          branch: member ? { id: member.branch_id, name: member.branch_name } : null,
          ...staffFigures(memberSums),
          tags: topTags(tagsOf.get(id) ?? []),
          comments: comments
            .filter((c) => c.staff_id === id)
            .map((c) => ({ responseId: c.response_id, visitDatetime: c.visit_datetime, text: c.text })),
        };
      })
      .sort(byChosen),
    branches: [...perBranch]
      .map(([id, branch]) => ({
        id,
        name: branchName.get(id) ?? null,
        members: branch.members.size,
        ...staffFigures(branch.sums),
      }))
      .sort(byChosen),
  };
}
