import {
  answerCell,
  type CreatePayload,
  dishesCell,
  labelAnswers,
  labelDishes,
  labelStaff,
  npsGroupOf,
  safeCell,
  staffCells,
} from '@venue-voice/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { inIndexOrder } from '../../db/index-order';
import { queryRows } from '../../db/query-rows';
import { productNames } from '../../queries/products';
import { type ExportColumn, FIXED_COLUMNS, indicatorKey, questionKey } from './columns';
import type { ExportSurvey } from './surveys';

/**
 * Rows read per statement; two pages at most are in memory, however many responses the export holds.
 * 1,000,000 rows on PostgreSQL (2 cores, Intel): 200 a page 31–32 s, 1,000 a page 28–30 s; the
 * server heap grows on the first export either way (+104…+312 MB at 1,000, +142 at 200) and little on
 * the next ones (+24, +27 at 200): V8 sizing its heap for the work, not rows kept.
 */
export const EXPORT_PAGE = 200;

interface Row {
  id: number;
  company_id: number;
  branch_name: string | null;
  survey_id: number;
  visit_datetime: string;
  created_at: Date | string;
  auth_type: string;
  language: string | null;
  csat_score: number | null;
  nps_score: number | null;
  trigger_complaint: boolean;
  staff_id: number | null;
  staff_name: string | null;
  table_id: string | null;
  check_id: string | null;
  voucher: string | null;
  has_photo: boolean;
  /** Only the parts of the payload a row shows: half its size (its user agent, times, question map stay). */
  answers: CreatePayload['answers'] | null;
  staff: CreatePayload['staff'] | null;
}

/**
 * One export row: a cell per column, in the columns' order (a number, or a text already made safe, O8.1;
 * null for an empty cell). An array, not an object keyed by column: the CSV writer then reads cells by
 * index instead of resolving each key as a property path (a fifth of the export's time in a profile).
 */
export type ExportCells = (string | number | null)[];

/** Where each column's cell sits in a row. */
const slotsOf = (columns: readonly ExportColumn[]) => new Map(columns.map(({ key }, at) => [key, at]));

const text = (value: string | null | undefined): string => safeCell(value ?? '');

/** The refs of every dish a page's guests rated, for one menu read per page. */
const ratedRefs = (rows: readonly Row[]) =>
  rows.flatMap((row) =>
    (row.answers?.questions ?? []).flatMap((q) => (q.answer.extra?.menuInsight ?? []).map((d) => d.ref)),
  );

function cellsOf(
  row: Row,
  survey: ExportSurvey | undefined,
  names: Record<string, string>,
  slots: ReadonlyMap<string, number>,
): ExportCells {
  const given = row.answers?.questions ?? [];
  const questions = survey?.questions ?? [];
  const staff = staffCells(
    labelStaff(
      row.staff ?? undefined,
      row.staff_id === null ? null : { id: row.staff_id, name: row.staff_name ?? '' },
      survey?.staffTags ?? [],
    ),
  );
  const cells: ExportCells = new Array(slots.size).fill(null);
  const put = (key: string, value: string | number | null) => {
    const at = slots.get(key);
    if (at !== undefined) cells[at] = value;
  };
  // Keyed as FIXED_COLUMNS is (columns.ts), so a cell follows its column wherever the list puts it.
  const fixed: Record<string, string | number | null> = {
    id: row.id,
    branch: text(row.branch_name),
    survey: text(survey?.name),
    visit: text(row.visit_datetime),
    received: new Date(row.created_at).toISOString(),
    source: row.auth_type === 'app' ? 'tablet' : 'web',
    language: text(row.language),
    csat: row.csat_score,
    nps: row.nps_score,
    npsGroup: npsGroupOf(row.nps_score) ?? '',
    complaint: row.trigger_complaint ? 'yes' : 'no',
    staff: text(staff.name),
    staffTags: text(staff.tags),
    staffText: text(staff.text),
    dishes: text(dishesCell(labelDishes(given, questions, names))),
    table: text(row.table_id),
    check: text(row.check_id),
    voucher: text(row.voucher),
    photo: row.has_photo ? 'yes' : 'no',
  };
  for (const { key } of FIXED_COLUMNS) put(key, fixed[key] ?? null);
  for (const { id, score } of row.answers?.indicators ?? []) put(indicatorKey(id), score);
  for (const view of labelAnswers(given, questions, survey?.indicators ?? []))
    if (view.kind !== 'menu') put(questionKey(view.questionId), text(answerCell(view)));
  return cells;
}

/**
 * The export's rows, newest visit first as the inbox lists them, a page at a time: `where` is the
 * inbox's condition on `responses r` (services/inbox `inboxWhere`), so the file holds exactly the rows
 * the inbox shows. Keyset paging (visit time, id): no offset grows with the file.
 */
export async function* exportPages(
  db: Db,
  companyId: number,
  where: SQL,
  surveys: ReadonlyMap<number, ExportSurvey>,
  columns: readonly ExportColumn[],
  pageSize = EXPORT_PAGE,
): AsyncGenerator<ExportCells[]> {
  const slots = slotsOf(columns);
  const page = (after: { visit: string; id: number } | null) =>
    inIndexOrder(db, (tx) =>
      queryRows<Row>(
        tx,
        sql`select r.id, r.company_id, b.name as branch_name, r.survey_id, r.visit_datetime, r.created_at,
          r.auth_type, r.language, r.csat_score, r.nps_score, r.trigger_complaint, r.staff_id,
          m.display_name as staff_name, r.table_id, t.check_id, v.code as voucher,
          exists (select 1 from response_uploads u where u.response_id = r.id) as has_photo,
          r.payload->'answers' as answers, r.payload->'staff' as staff
        from (select r.* from responses r where ${where}
          ${after ? sql`and (r.visit_datetime, r.id) < (${after.visit}, ${after.id})` : sql``}
          order by r.visit_datetime desc, r.id desc limit ${pageSize}) r
        left join branches b on b.id = r.branch_id
        left join staff_members m on m.id = r.staff_id and m.branch_id = r.branch_id
        left join transactions t on t.id = r.transaction_id
        left join voucher_codes v on v.response_id = r.id
        order by r.visit_datetime desc, r.id desc`,
      ),
    );
  let next: Promise<Row[]> | null = page(null);
  while (next) {
    const rows: Row[] = await next;
    const last = rows.at(-1);
    // The next page is read while this one is labelled and written: the database and the file overlap.
    next = last && rows.length === pageSize ? page({ visit: last.visit_datetime, id: last.id }) : null;
    const names = await productNames(db, companyId, ratedRefs(rows));
    if (rows.length > 0) yield rows.map((row) => cellsOf(row, surveys.get(row.survey_id), names, slots));
  }
}

/**
 * The pages with the first already read: a fault there (the database gone) answers as an error
 * envelope, since no byte of the file has been sent yet.
 */
export async function primed<T>(records: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await records.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* records;
  })();
}
