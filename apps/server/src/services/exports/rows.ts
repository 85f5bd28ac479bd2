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
import { type Db, queryRows } from '../../db/connection';
import { inIndexOrder } from '../../db/index-order';
import { productNames } from '../../queries/products';
import { indicatorKey, questionKey } from './columns';
import type { ExportSurvey } from './surveys';

/**
 * Rows read per statement; two pages at most are in memory, however many responses the export holds.
 * 200 rather than 500: fewer objects live across the young generation's collections. The server's RSS
 * growth over a 1,000,000-row export is noisy either way (+27 and +157 MB at 200, +111 and +124 at 500).
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
  payload: Partial<CreatePayload>;
}

/** One export row: each column's key to its cell, a number or a text already made safe (O8.1). */
export type ExportRecord = Record<string, string | number | null>;

const text = (value: string | null | undefined): string => safeCell(value ?? '');

/** The refs of every dish a page's guests rated, for one menu read per page. */
const ratedRefs = (rows: readonly Row[]) =>
  rows.flatMap((row) =>
    (row.payload.answers?.questions ?? []).flatMap((q) =>
      (q.answer.extra?.menuInsight ?? []).map((d) => d.ref),
    ),
  );

function recordOf(row: Row, survey: ExportSurvey | undefined, names: Record<string, string>): ExportRecord {
  const given = row.payload.answers?.questions ?? [];
  const questions = survey?.questions ?? [];
  const staff = staffCells(
    labelStaff(
      row.payload.staff,
      row.staff_id === null ? null : { id: row.staff_id, name: row.staff_name ?? '' },
      survey?.staffTags ?? [],
    ),
  );
  const record: ExportRecord = {
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
  for (const { id, score } of row.payload.answers?.indicators ?? []) record[indicatorKey(id)] = score;
  for (const view of labelAnswers(given, questions, survey?.indicators ?? []))
    if (view.kind !== 'menu') record[questionKey(view.questionId)] = text(answerCell(view));
  return record;
}

/**
 * The export's records, newest visit first as the inbox lists them, a page at a time: `where` is the
 * inbox's condition on `responses r` (services/inbox `inboxWhere`), so the file holds exactly the rows
 * the inbox shows. Keyset paging (visit time, id): no offset grows with the file.
 */
export async function* exportRecords(
  db: Db,
  companyId: number,
  where: SQL,
  surveys: ReadonlyMap<number, ExportSurvey>,
): AsyncGenerator<ExportRecord> {
  const page = (after: { visit: string; id: number } | null) =>
    inIndexOrder(db, (tx) =>
      queryRows<Row>(
        tx,
        sql`select r.id, r.company_id, b.name as branch_name, r.survey_id, r.visit_datetime, r.created_at,
          r.auth_type, r.language, r.csat_score, r.nps_score, r.trigger_complaint, r.staff_id,
          m.display_name as staff_name, r.table_id, t.check_id, v.code as voucher,
          exists (select 1 from response_uploads u where u.response_id = r.id) as has_photo, r.payload
        from (select r.* from responses r where ${where}
          ${after ? sql`and (r.visit_datetime, r.id) < (${after.visit}, ${after.id})` : sql``}
          order by r.visit_datetime desc, r.id desc limit ${EXPORT_PAGE}) r
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
    next = last && rows.length === EXPORT_PAGE ? page({ visit: last.visit_datetime, id: last.id }) : null;
    const names = await productNames(db, companyId, ratedRefs(rows));
    for (const row of rows) yield recordOf(row, surveys.get(row.survey_id), names);
  }
}

/**
 * The records with the first page already read: a fault there (the database gone) answers as an error
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
