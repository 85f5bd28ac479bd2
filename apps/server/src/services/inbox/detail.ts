import {
  type Answers,
  AppError,
  type CreatePayload,
  canSeeBranch,
  ErrorCodes,
  type IdText,
  type Indicator,
  labelAnswers,
  labelDishes,
  labelIndicators,
  labelStaff,
  npsGroupOf,
  type OperatorScope,
  type Question,
  type ResponseDetail,
  VoucherCodeState,
} from '@venue-voice/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { productNames } from '../../queries/products';
import { parsedQuestions } from '../../queries/questions';
import { photoUrl } from '../images/photo-store';
import { CONTACT_MARKER } from '../responses/supplement-response';
import type { VersionDocuments } from '../survey-versions';

interface Row {
  id: number;
  company_id: number;
  branch_id: number | null;
  branch_name: string | null;
  survey_id: number;
  survey_name: string;
  definition: {
    indicators?: Indicator[];
    staffSelector?: { tags?: IdText[] };
    vouchers?: { id: number; name: string }[];
  };
  questions: unknown;
  /** The survey's current version; survey_version, the one the guest answered (null: before versions). */
  current_version: number;
  survey_version: number | null;
  payload: Partial<CreatePayload>;
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
  transaction_id: number | null;
  retention_days: number;
}

const notFound = (id: number) =>
  new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No response ${id}` });

const iso = (value: Date | string) => new Date(value).toISOString();
const pence = (value: number) => Math.round(value * 100) / 100 + 0;

/** The response's row, if the operator may read it: their company and a branch they see (O1.1). */
async function readableRow(db: Db, operator: OperatorScope, id: number): Promise<Row> {
  const [row] = await queryRows<Row>(
    db,
    sql`select r.id, r.company_id, r.branch_id, b.name as branch_name, r.survey_id, s.name as survey_name,
        s.definition, s.questions, s.version as current_version, r.survey_version, r.payload, r.visit_datetime, r.created_at, r.auth_type, r.language,
        r.table_id, r.csat_score, r.nps_score, r.trigger_complaint, r.staff_id, m.display_name as staff_name,
        r.transaction_id, c.contact_retention_days as retention_days
      from responses r
      join surveys s on s.id = r.survey_id
      join companies c on c.id = r.company_id
      left join branches b on b.id = r.branch_id
      left join staff_members m on m.id = r.staff_id and m.branch_id = r.branch_id
      where r.id = ${id} and r.company_id = ${operator.companyId}`,
  );
  // A response without a branch is company-wide: the owner's (O1.3, as reportScope's key 0).
  const visible =
    row && (row.branch_id === null ? operator.branchIds === 'all' : canSeeBranch(operator, row.branch_id));
  if (!row || !visible) throw notFound(id);
  return row;
}

async function photoOf(db: Db, id: number): Promise<ResponseDetail['photo']> {
  const [row] = await queryRows<{
    storage_key: string;
    thumbnail_key: string;
    width: number;
    height: number;
  }>(
    db,
    sql`select storage_key, thumbnail_key, width, height from response_uploads where response_id = ${id}`,
  );
  return row
    ? {
        imageUrl: photoUrl(row.storage_key),
        thumbnailUrl: photoUrl(row.thumbnail_key),
        width: row.width,
        height: row.height,
      }
    : null;
}

async function voucherOf(db: Db, id: number, row: Row): Promise<ResponseDetail['voucher']> {
  const [code] = await queryRows<{ code: string; voucher_id: number; state: number; issued_at: Date | null }>(
    db,
    sql`select code, voucher_id, state, issued_at from voucher_codes where response_id = ${id}`,
  );
  if (!code) return null;
  return {
    code: code.code,
    name: row.definition.vouchers?.find((v) => v.id === code.voucher_id)?.name ?? null,
    // A code named by a response was given to it (used, from the pool's side); deleted: withdrawn
    // because the tablet's guest never saw it (D4.65).
    state: code.state === VoucherCodeState.DELETED ? 'withdrawn' : 'issued',
    issuedAt: code.issued_at ? iso(code.issued_at) : null,
  };
}

interface TransactionRow {
  check_id: string | null;
  covers: number;
  subtotal: number;
  discount: number | null;
  service_charge: number | null;
  check_open_time: Date | string;
  menu_items: { menuItemName?: string; price?: number | null; quantity?: number }[];
}

async function receiptOf(db: Db, transactionId: number | null): Promise<ResponseDetail['receipt']> {
  if (transactionId === null) return null;
  const [t] = await queryRows<TransactionRow>(
    db,
    sql`select check_id, covers, subtotal::float as subtotal, discount::float as discount,
      service_charge::float as service_charge, check_open_time, menu_items from transactions where id = ${transactionId}`,
  );
  if (!t) return null;
  return {
    checkId: t.check_id,
    covers: t.covers,
    // G2.44's total: the subtotal less the discount plus the service charge, in whole pence.
    total: pence(t.subtotal - (t.discount ?? 0) + (t.service_charge ?? 0)),
    openedAt: iso(t.check_open_time),
    items: (Array.isArray(t.menu_items) ? t.menu_items : []).map((item) => ({
      name: String(item.menuItemName ?? ''),
      price: typeof item.price === 'number' ? item.price : null,
      quantity: typeof item.quantity === 'number' ? item.quantity : 1,
    })),
  };
}

/**
 * The contact details while kept, and whether they were deleted (decision 0233): the guest gave some
 * (the supplement's marker, or a "yes" to a complaint contact, which needs an e-mail or a phone, G5.25)
 * and no contact_details row is left (the purge after the company's days, O3.13).
 */
async function contactOf(db: Db, id: number) {
  const [contact] = await queryRows<{
    name: string | null;
    email: string | null;
    phone: string | null;
    birthday: string | null;
    anniversary: string | null;
    given_at: Date | string;
  }>(
    db,
    sql`select name, email, phone, birthday, anniversary, given_at from contact_details where response_id = ${id}`,
  );
  if (contact) {
    const { given_at, ...details } = contact;
    return { contact: { ...details, givenAt: iso(given_at) }, contactDeleted: false };
  }
  const [given] = await queryRows<{ given: boolean }>(
    db,
    sql`select exists (select 1 from response_supplements where response_id = ${id}
      and (kind = ${CONTACT_MARKER} or (kind = 'complaint_contact' and payload->>'complaintContact' = 'true'))) as given`,
  );
  return { contact: null, contactDeleted: given?.given === true };
}

/** The response's case (one per response), for a link from the response to it. */
async function caseOf(db: Db, id: number): Promise<ResponseDetail['case']> {
  const [found] = await queryRows<{ id: number; status: 'open' | 'in_progress' | 'resolved' }>(
    db,
    sql`select id, status from cases where response_id = ${id}`,
  );
  return found ?? null;
}

/** What a response's answers are labelled from: its survey's indicators, questions and staff tags. */
interface Labels {
  indicators: Indicator[];
  questions: Question[];
  tags: IdText[];
}

/**
 * Decision 0256: the labels of the version the guest answered, so a question reworded or removed since
 * still reads as the guest saw it; the current version's for one from before versions (or, were its
 * version missing, the nearest there is). Versions are immutable: the app's VersionDocuments keeps them.
 */
async function answeredLabels(db: Db, versions: VersionDocuments, row: Row): Promise<Labels> {
  const answered =
    row.survey_version === null || row.survey_version === row.current_version
      ? null
      : await versions.stored(db, row.survey_id, row.survey_version);
  if (answered) {
    return {
      indicators: answered.survey.indicators ?? [],
      questions: answered.questions,
      tags: answered.survey.staffSelector?.tags ?? [],
    };
  }
  return {
    indicators: row.definition.indicators ?? [],
    questions: parsedQuestions(row.questions),
    tags: row.definition.staffSelector?.tags ?? [],
  };
}

/**
 * GET /console/responses/{id}: one response with every answer labelled from the survey version its
 * guest answered, the dishes
 * rated, the staff member thanked, the photo, voucher, receipt and contact details. Another company's
 * or a hidden branch's response is 404 10014, as if it did not exist.
 */
export async function getResponse(
  db: Db,
  versions: VersionDocuments,
  operator: OperatorScope,
  id: number,
): Promise<ResponseDetail> {
  const row = await readableRow(db, operator, id);
  const answers: Partial<Answers> = row.payload.answers ?? {};
  const given = answers.questions ?? [];
  const refs = [...new Set(given.flatMap((q) => (q.answer.extra?.menuInsight ?? []).map((d) => d.ref)))];
  const [{ indicators, questions, tags }, names, photo, voucher, receipt, contact, opened] =
    await Promise.all([
      answeredLabels(db, versions, row),
      productNames(db, row.company_id, refs),
      photoOf(db, id),
      voucherOf(db, id, row),
      receiptOf(db, row.transaction_id),
      contactOf(db, id),
      caseOf(db, id),
    ]);
  const member =
    row.staff_id !== null && row.staff_name !== null ? { id: row.staff_id, name: row.staff_name } : null;
  return {
    id: row.id,
    branch: row.branch_id === null ? null : { id: row.branch_id, name: row.branch_name ?? '' },
    survey: { id: row.survey_id, name: row.survey_name },
    visitDatetime: row.visit_datetime,
    receivedAt: iso(row.created_at),
    source: row.auth_type === 'app' ? 'app' : 'web',
    device: {
      kind: row.auth_type === 'app' ? 'tablet' : 'web',
      userAgent: typeof row.payload.userAgent === 'string' ? row.payload.userAgent : null,
    },
    language: row.language,
    surveyVersion: row.survey_version,
    tableId: row.table_id,
    csat: row.csat_score,
    nps: row.nps_score,
    npsGroup: npsGroupOf(row.nps_score),
    complaint: row.trigger_complaint,
    indicators: labelIndicators(answers.indicators ?? [], indicators),
    answers: labelAnswers(given, questions, indicators),
    dishes: labelDishes(given, questions, names),
    staff: labelStaff(row.payload.staff, member, tags),
    photo,
    voucher,
    receipt,
    ...contact,
    contactRetentionDays: row.retention_days,
    case: opened,
  };
}
