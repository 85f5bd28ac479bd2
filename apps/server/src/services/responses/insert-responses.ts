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

/**
 * Each column a create writes, once: its SQL type in the statement's input and how a create fills it.
 * `payload` is written from its JSON text (inputText); the voucher pools are input only, not columns.
 */
const COLUMNS: { name: string; type: string; value?: (create: NewResponse) => unknown; stored: boolean }[] = [
  { name: 'company_id', type: 'int', value: ({ row }) => row.companyId, stored: true },
  { name: 'branch_id', type: 'int', value: ({ row }) => row.branchId ?? null, stored: true },
  { name: 'survey_id', type: 'int', value: ({ row }) => row.surveyId, stored: true },
  { name: 'guid', type: 'uuid', value: ({ row }) => row.guid.toLowerCase(), stored: true },
  { name: 'payload_hash', type: 'text', value: ({ row }) => row.payloadHash, stored: true },
  { name: 'payload', type: 'jsonb', stored: true },
  { name: 'visit_datetime', type: 'text', value: ({ row }) => row.visitDatetime, stored: true },
  { name: 'auth_type', type: 'text', value: ({ row }) => row.authType, stored: true },
  { name: 'transaction_id', type: 'int', value: ({ row }) => row.transactionId ?? null, stored: true },
  { name: 'staff_id', type: 'int', value: ({ row }) => row.staffId ?? null, stored: true },
  { name: 'table_id', type: 'text', value: ({ row }) => row.tableId ?? null, stored: true },
  { name: 'csat_score', type: 'smallint', value: ({ row }) => row.csatScore ?? null, stored: true },
  { name: 'nps_score', type: 'smallint', value: ({ row }) => row.npsScore ?? null, stored: true },
  { name: 'feedback_alert', type: 'boolean', value: ({ row }) => row.feedbackAlert ?? false, stored: true },
  {
    name: 'trigger_complaint',
    type: 'boolean',
    value: ({ row }) => row.triggerComplaint ?? false,
    stored: true,
  },
  {
    name: 'manager_feedback',
    type: 'boolean',
    value: ({ row }) => row.managerFeedback ?? false,
    stored: true,
  },
  {
    name: 'recommendation_permitted',
    type: 'boolean',
    value: ({ row }) => row.recommendationPermitted ?? false,
    stored: true,
  },
  { name: 'is_ai_valid', type: 'boolean', value: ({ row }) => row.isAiValid ?? false, stored: true },
  { name: 'language', type: 'text', value: ({ row }) => row.language ?? null, stored: true },
  { name: 'survey_version', type: 'int', value: ({ row }) => row.surveyVersion ?? null, stored: true },
  { name: 'first_voucher', type: 'int', value: ({ draw }) => draw?.first.id ?? null, stored: false },
  { name: 'fallback_voucher', type: 'int', value: ({ draw }) => draw?.fallback?.id ?? null, stored: false },
];

const STORED = sql.raw(
  COLUMNS.filter((column) => column.stored)
    .map((column) => column.name)
    .join(', '),
);
const RECORD = sql.raw(COLUMNS.map((column) => `${column.name} ${column.type}`).join(', '));

// Every column but the payload, which inputText writes from its text.
const input = (create: NewResponse) =>
  Object.fromEntries(COLUMNS.flatMap(({ name, value }) => (value ? [[name, value(create)]] : [])));

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
        select * from jsonb_to_recordset(${inputText(creates)}::jsonb) as x(${RECORD})
      ),
      created as (
        insert into responses (${STORED})
        select ${STORED} from input
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
