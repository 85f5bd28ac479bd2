import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import type { responses } from '../../db/schema';
import { giveCodesCtes, type VoucherDraw } from '../vouchers/issue-voucher';

/** A create's row and the voucher pools it draws from (null: the survey has no voucher). */
export interface NewResponse {
  row: Omit<typeof responses.$inferInsert, 'id' | 'createdAt'>;
  draw: VoucherDraw | null;
  /**
   * `row.payload` as JSON text when the caller already has it (the canonical text it hashed), so the
   * statement does not write the payload out a second time; unset, it is stringified here.
   */
  payloadJson?: string;
}

/** What the statement stored for a create: its id and the code it was given; null when the guid existed. */
export type Stored = { id: number; voucherId: number | null; code: string | null } | null;

// The most creates one statement carries: bounds its size and each create's wait behind the others.
const MAX_PER_STATEMENT = 100;

const COLUMNS = sql.raw(`company_id, branch_id, survey_id, guid, payload_hash, payload, visit_datetime,
  auth_type, transaction_id, staff_id, table_id, csat_score, nps_score, feedback_alert, trigger_complaint,
  manager_feedback, recommendation_permitted, is_ai_valid`);

// Every column but the payload, which inputText writes from its text.
const input = ({ row, draw }: NewResponse) => ({
  company_id: row.companyId,
  branch_id: row.branchId ?? null,
  survey_id: row.surveyId,
  guid: row.guid.toLowerCase(),
  payload_hash: row.payloadHash,
  visit_datetime: row.visitDatetime,
  auth_type: row.authType,
  transaction_id: row.transactionId ?? null,
  staff_id: row.staffId ?? null,
  table_id: row.tableId ?? null,
  csat_score: row.csatScore ?? null,
  nps_score: row.npsScore ?? null,
  feedback_alert: row.feedbackAlert ?? false,
  trigger_complaint: row.triggerComplaint ?? false,
  manager_feedback: row.managerFeedback ?? false,
  recommendation_permitted: row.recommendationPermitted ?? false,
  is_ai_valid: row.isAiValid ?? false,
  first_voucher: draw?.first.id ?? null,
  fallback_voucher: draw?.fallback?.id ?? null,
});

/** The statement's input as one JSON array: each create's columns, its payload text spliced in. */
const inputText = (creates: readonly NewResponse[]) =>
  `[${creates
    .map((create) => {
      const payload = create.payloadJson ?? JSON.stringify(create.row.payload) ?? 'null';
      return `${JSON.stringify(input(create)).slice(0, -1)},"payload":${payload}}`;
    })
    .join(',')}]`;

/**
 * One statement stores creates of distinct guids (insert … on conflict (guid) do nothing) and gives each
 * new row its voucher code. A statement is atomic by itself: no BEGIN/COMMIT, one round trip for all.
 * Answers by lower-case guid what was stored; a guid missing from the answer already had its row.
 */
export async function insertResponses(db: Db, creates: readonly NewResponse[], now: Date) {
  const rows = await queryRows<{ guid: string; id: number; voucher_id: number | null; code: string | null }>(
    db,
    insertResponsesQuery(creates, now),
  );
  return new Map<string, Stored>(
    rows.map((r) => [String(r.guid).toLowerCase(), { id: r.id, voucherId: r.voucher_id, code: r.code }]),
  );
}

/** insertResponses' statement; its own function so a test can read the database's plan for it. */
export function insertResponsesQuery(creates: readonly NewResponse[], now: Date): SQL {
  return sql`with input as (
        select * from jsonb_to_recordset(${inputText(creates)}::jsonb) as x(
          company_id int, branch_id int, survey_id int, guid uuid, payload_hash text, payload jsonb,
          visit_datetime text, auth_type text, transaction_id int, staff_id int, table_id text,
          csat_score smallint, nps_score smallint, feedback_alert boolean, trigger_complaint boolean,
          manager_feedback boolean, recommendation_permitted boolean, is_ai_valid boolean,
          first_voucher int, fallback_voucher int)
      ),
      created as (
        insert into responses (${COLUMNS})
        select ${COLUMNS} from input
        on conflict (guid) do nothing
        returning id, guid
      ),
      ${giveCodesCtes(now)}
      select c.guid, c.id, g.voucher_id, g.code from created c left join given g on g.response_id = c.id`;
}

interface Job {
  create: NewResponse;
  resolve(stored: Stored): void;
  reject(error: unknown): void;
}

/**
 * Stores creates in groups (group commit): creates that arrive while a statement runs wait for it and
 * go together in the next one. A database answers one statement of many rows far sooner than as many
 * statements of one row (PGlite's fixed cost per statement is most of a single create's). Should the
 * shared statement fail (a receipt already used, a fault), each of its creates is sent again alone, so
 * every create gets its own answer or error, as if it had never shared.
 */
export function createResponseWriter(db: Db, now: () => Date) {
  let queue: Job[] = [];
  let running = false;

  const settle = (jobs: Job[], stored: Map<string, Stored>) => {
    for (const job of jobs) job.resolve(stored.get(job.create.row.guid.toLowerCase()) ?? null);
  };

  const alone = async (job: Job) => {
    try {
      settle([job], await insertResponses(db, [job.create], now()));
    } catch (error) {
      job.reject(error);
    }
  };

  const next = async () => {
    const jobs = queue.slice(0, MAX_PER_STATEMENT);
    // A guid twice (a retry racing its own first send) waits for the next statement, and then finds its row.
    const guids = new Set<string>();
    const distinct = jobs.filter((job) => {
      const guid = job.create.row.guid.toLowerCase();
      if (guids.has(guid)) return false;
      guids.add(guid);
      return true;
    });
    queue = [...jobs.filter((job) => !distinct.includes(job)), ...queue.slice(jobs.length)];
    if (distinct.length === 1) return alone(distinct[0] as Job);
    try {
      settle(
        distinct,
        await insertResponses(
          db,
          distinct.map((job) => job.create),
          now(),
        ),
      );
    } catch {
      for (const job of distinct) await alone(job);
    }
  };

  const drain = async () => {
    try {
      while (queue.length > 0) await next();
    } finally {
      running = false;
    }
  };

  return (create: NewResponse): Promise<Stored> =>
    new Promise<Stored>((resolve, reject) => {
      queue.push({ create, resolve, reject });
      if (running) return;
      running = true;
      // Wait for this turn of the event loop: the requests read in it share the first statement.
      setImmediate(() => void drain());
    });
}
