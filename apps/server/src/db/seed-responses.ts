import { Language as LANGUAGES, type Language } from '@venue-voice/domain';
import { eq, sql } from 'drizzle-orm';
import { FOLD_LOCK, foldCtes, PICKED_COLUMNS } from '../services/reports/fold';
import { type Db, queryRows } from './connection';
import { companies } from './schema';
import { DEMO_COMPANY } from './seed/demo-company';
import {
  type SyntheticOptions,
  type SyntheticResponse,
  syntheticGuid,
  syntheticResponses,
} from './seed/synthetic-responses';

// Writes the synthetic history (decision 0236) in bulk: one statement per batch of a few thousand
// responses, their rows as one JSON array (jsonb_to_recordset: json_to_recordset was 5–8 times slower
// to read a batch), in a transaction of its own.

/** The responses one statement carries: big enough to amortise a round trip, small enough to stay lean. */
export const SEED_BATCH = 5_000;

export interface SeedResponsesOptions extends Omit<SyntheticOptions, 'languages'> {
  /** Default: the demo company's own (companies.languages). */
  languages?: readonly Language[];
  batch?: number;
  /**
   * true (default): each batch is stored already folded, its facts and rollups written by the same
   * statement with the fold's own SQL (foldCtes). false: stored waiting, for foldResponses to fold.
   */
  folded?: boolean;
  /** Called after each batch with the responses written so far (added or already there). */
  progress?: (done: number) => void;
}

/** Each column a synthetic response writes, with its SQL type; the payload goes in as its JSON text. */
const COLUMNS: [name: string, type: string, value: (r: SyntheticResponse['row']) => unknown][] = [
  ['company_id', 'int', (r) => r.companyId],
  ['branch_id', 'int', (r) => r.branchId ?? null],
  ['survey_id', 'int', (r) => r.surveyId],
  ['guid', 'uuid', (r) => r.guid],
  ['payload_hash', 'text', (r) => r.payloadHash],
  ['visit_datetime', 'text', (r) => r.visitDatetime],
  ['auth_type', 'text', (r) => r.authType],
  ['staff_id', 'int', (r) => r.staffId ?? null],
  ['table_id', 'text', (r) => r.tableId ?? null],
  ['csat_score', 'smallint', (r) => r.csatScore ?? null],
  ['nps_score', 'smallint', (r) => r.npsScore ?? null],
  ['feedback_alert', 'boolean', (r) => r.feedbackAlert ?? false],
  ['trigger_complaint', 'boolean', (r) => r.triggerComplaint ?? false],
  ['manager_feedback', 'boolean', (r) => r.managerFeedback ?? false],
  ['recommendation_permitted', 'boolean', (r) => r.recommendationPermitted ?? false],
  ['is_ai_valid', 'boolean', (r) => r.isAiValid ?? false],
  ['language', 'text', (r) => r.language ?? null],
];
const NAMES = [...COLUMNS.map(([name]) => name), 'payload'].join(', ');
const STORED = sql.raw(NAMES);
const RECORD = sql.raw([...COLUMNS.map(([name, type]) => `${name} ${type}`), 'payload jsonb'].join(', '));

/** A batch's rows as one JSON array, each payload spliced in as the canonical text it was hashed from. */
function inputText(batch: readonly SyntheticResponse[]): string {
  const rows = batch.map(({ row, payloadJson }) => {
    let text = '{';
    for (const [name, , value] of COLUMNS) text += `"${name}":${JSON.stringify(value(row))},`;
    return `${text}"payload":${payloadJson}}`;
  });
  return `[${rows.join(',')}]`;
}

/**
 * One batch's statement: the rows (a guid already stored is skipped), folded or left waiting; never
 * waiting for the alert pass (history is not news: no alert, webhook or case for it).
 */
const insertStatement = (input: string, folded: boolean) => sql`
with input as (select * from jsonb_to_recordset(${input}::jsonb) as x(${RECORD})),
picked as (
  insert into responses (${STORED}, folded, notified) select ${STORED}, ${folded}, true from input
  on conflict (guid) do nothing
  returning ${PICKED_COLUMNS}
)${folded ? sql`, ${foldCtes}` : sql``}
select count(*)::int as added from picked`;

/** The languages a company's guests are served in (at least one). */
async function companyLanguages(db: Db): Promise<Language[]> {
  const [company] = await db
    .select({ languages: companies.languages })
    .from(companies)
    .where(eq(companies.id, DEMO_COMPANY.id));
  if (!company) throw new Error('The demo company is not there: seed the demo first');
  const known = new Set<string>(LANGUAGES);
  return (company.languages as string[]).filter((l): l is Language => known.has(l));
}

async function writeBatch(db: Db, input: string, folded: boolean): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The statement's estimates are large enough for PostgreSQL to compile it (JIT): ~1 s a batch for
    // nothing, as the rows are few. (PGlite has no JIT; the setting is there and does nothing.)
    await tx.execute(sql`set local jit = off`);
    // Rollup rows are summed into: one writer at a time with the fold job, as folds are (decision 0229).
    if (folded) await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK}::int)`);
    const [row] = await queryRows<{ added: number }>(tx, insertStatement(input, folded));
    return row?.added ?? 0;
  });
}

/**
 * `npm run seed:responses`: adds `count` synthetic responses to the demo company. The next batch is
 * generated while the database stores the last one. A response whose guid is stored already (the same
 * seed run twice) is skipped. Answers how many were added.
 */
export async function seedSyntheticResponses(db: Db, options: SeedResponsesOptions): Promise<number> {
  const languages = options.languages ?? (await companyLanguages(db));
  const generated = syntheticResponses({ ...options, languages });
  const size = options.batch ?? SEED_BATCH;
  const folded = options.folded ?? true;
  const nextInput = () => {
    const batch: SyntheticResponse[] = [];
    for (let next = generated.next(); !next.done; next = generated.next()) {
      batch.push(next.value);
      if (batch.length === size) break;
    }
    return batch.length === 0 ? null : { input: inputText(batch), length: batch.length };
  };
  let added = 0;
  let done = 0;
  let writing: Promise<number> | null = null;
  let writingLength = 0;
  for (;;) {
    const next = nextInput();
    if (writing) {
      added += await writing;
      done += writingLength;
      options.progress?.(done);
    }
    if (!next) return added;
    writing = writeBatch(db, next.input, folded);
    writingLength = next.length;
  }
}

/**
 * The demo's own history (issue 29 item 7, decision 0237): a few hundred responses over the last 90
 * days, so a new console is never empty, dated from the seed's clock as the demo receipts are. The demo
 * template leaves them out: a copy gets them when its first start dates it (dateDemoCopy).
 */
export const DEMO_HISTORY = { count: 400, seed: 2029, days: 90 } as const;
/** The demo company's languages (the companies.languages default, which the seed keeps). */
const DEMO_LANGUAGES: readonly Language[] = LANGUAGES;

const demoHistory = (now: Date) => ({ ...DEMO_HISTORY, now, languages: DEMO_LANGUAGES });

/** Adds the demo's history, folded; part of seedDemo's (or dateDemoCopy's) transaction. */
export const seedDemoResponses = (db: Db, now: Date) => seedSyntheticResponses(db, demoHistory(now));

/** The guids of the demo's history: tests and soaks that count their own responses leave these out. */
export const demoHistoryGuids = (): string[] =>
  Array.from({ length: DEMO_HISTORY.count }, (_, index) => syntheticGuid(DEMO_HISTORY, index));
