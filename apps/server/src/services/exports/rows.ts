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
 * Rows a page holds (a keyset page's statement, or a cursor's read); two pages at most are in memory,
 * however many responses the export holds. Kept small: in the export process (16 MB semi-spaces,
 * decision 0262) pages of 1,000 rows outlived V8's young generation and the collector took 12 of 43 s
 * (CPU 48 s against 26 s at 200); the cursor gives what a large page saved the database.
 */
export const EXPORT_PAGE = 200;

/** A row as exportRowsQuery reads it. */
export interface ExportRow {
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

/** The refs of every dish a row's guest rated. */
const ratedRefs = (row: ExportRow) =>
  (row.answers?.questions ?? []).flatMap((q) => (q.answer.extra?.menuInsight ?? []).map((d) => d.ref));

function cellsOf(
  row: ExportRow,
  survey: ExportSurvey | undefined,
  names: Readonly<Record<string, string>>,
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
 * The export's statement: every column a row needs, newest visit first as the inbox lists them. `where` is
 * the inbox's condition on `responses r` (services/inbox `inboxWhere`), so the file holds exactly the rows
 * the inbox shows. With `page`, one keyset page (visit time, id) of at most `size` rows after `after`;
 * without, every row (read through a cursor: cursor-rows.ts).
 */
export function exportRowsQuery(
  where: SQL,
  page?: { after: { visit: string; id: number } | null; size: number },
): SQL {
  const after = page?.after;
  return sql`select r.id, r.company_id, b.name as branch_name, r.survey_id, r.visit_datetime, r.created_at,
      r.auth_type, r.language, r.csat_score, r.nps_score, r.trigger_complaint, r.staff_id,
      m.display_name as staff_name, r.table_id, t.check_id, v.code as voucher,
      exists (select 1 from response_uploads u where u.response_id = r.id) as has_photo,
      r.payload->'answers' as answers, r.payload->'staff' as staff
    from (select r.* from responses r where ${where}
      ${after ? sql`and (r.visit_datetime, r.id) < (${after.visit}, ${after.id})` : sql``}
      order by r.visit_datetime desc, r.id desc ${page ? sql`limit ${page.size}` : sql``}) r
    left join branches b on b.id = r.branch_id
    left join staff_members m on m.id = r.staff_id and m.branch_id = r.branch_id
    left join transactions t on t.id = r.transaction_id
    left join voucher_codes v on v.response_id = r.id
    order by r.visit_datetime desc, r.id desc`;
}

/** Reads an export's rows a page at a time (`where` as exportRowsQuery takes it). */
export type ReadExportRows = (where: SQL) => AsyncIterable<ExportRow[]>;

/**
 * The rows by keyset pages, each its own short statement: no offset grows with the file, and on PGlite
 * (one connection for the whole server) other calls run between two pages. The next page is read while
 * this one is labelled and written, so the database and the file overlap.
 */
export function keysetRows(db: Db, pageSize = EXPORT_PAGE): ReadExportRows {
  return async function* (where) {
    const page = (after: { visit: string; id: number } | null) =>
      inIndexOrder(db, (tx) => queryRows<ExportRow>(tx, exportRowsQuery(where, { after, size: pageSize })));
    let next: Promise<ExportRow[]> | null = page(null);
    while (next) {
      const rows: ExportRow[] = await next;
      const last = rows.at(-1);
      next = last && rows.length === pageSize ? page({ visit: last.visit_datetime, id: last.id }) : null;
      if (rows.length > 0) yield rows;
    }
  };
}

/** The export's cells, a page of rows at a time, labelled with their surveys and the dishes' menu names. */
export async function* exportPages(
  db: Db,
  companyId: number,
  rowPages: AsyncIterable<ExportRow[]>,
  surveys: ReadonlyMap<number, ExportSurvey>,
  columns: readonly ExportColumn[],
): AsyncGenerator<ExportCells[]> {
  const slots = slotsOf(columns);
  // Each dish's menu name, read the first time a row names it (a menu holds far fewer dishes than an
  // export has rows: one read per page had been 5,000 statements for 1,000,000 rows), and each ref asked
  // for remembered, so one with no product is not asked for again. No prototype, as productNames's.
  const names: Record<string, string> = Object.create(null);
  const asked = new Set<string>();
  for await (const rows of rowPages) {
    const cells: ExportCells[] = [];
    for (const row of rows) {
      const unasked = ratedRefs(row).filter((ref) => !asked.has(ref));
      if (unasked.length > 0) {
        for (const ref of unasked) asked.add(ref);
        Object.assign(names, await productNames(db, companyId, unasked));
      }
      cells.push(cellsOf(row, surveys.get(row.survey_id), names, slots));
    }
    yield cells;
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
