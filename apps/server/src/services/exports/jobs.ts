import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AppError,
  ErrorCodes,
  type ExportFormat,
  type InboxQuery,
  type OperatorScope,
} from '@venue-voice/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connection';
import { responseExports } from '../../db/schema';
import { checkedInboxFilter, inboxScope, inboxWhere } from '../inbox';
import { findOperator, toConsoleOperator } from '../operators/principal';
import type { ServiceLog } from '../rate-limit/reserve-attempt';
import type { Storage } from '../storage';
import { EXPORT_OPERATOR_GONE, exportFailure } from './failure';
import { ExportCancelled, type ExportProcesses } from './launcher';
import { type ExportTask, openExport } from './open';
import type { ExportCells } from './rows';
import { EXPORT_CONTENT_TYPES, writeExport } from './write';

/** A finished export's file is kept this long, then deleted with its row (decision 0239). */
export const EXPORT_KEEP_MS = 24 * 3600_000;
/** A running export writes its progress (and that it is alive) at most this often. */
const BEAT_EVERY_MS = 1_000;
/** A running export silent for this long died with its server: the sweep runs it again. */
export const EXPORT_STALE_MS = 2 * 60_000;
/**
 * A running export says it is alive this often whatever it is doing, rows or not: waiting for a free
 * export process (decision 0262: at most 2 at once) or putting a big file in storage can outlast
 * EXPORT_STALE_MS, and the sweep would then run the same export a second time beside it.
 */
export const EXPORT_ALIVE_EVERY_MS = 30_000;

export type ExportRow = typeof responseExports.$inferSelect;

export interface ExportDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  /** Runs the export after the answer (the route's background work, settled when the server closes). */
  background(work: () => Promise<void>): void;
  /** Export processes (PostgreSQL, decision 0262): big exports run there; absent, all in this thread. */
  processes?: ExportProcesses | undefined;
  /** Where a failed export's fault goes whole (the app's log): its job keeps only a sentence (0264). */
  log: ServiceLog;
  /** How often a running export beats without rows (default EXPORT_ALIVE_EVERY_MS; tests shorten it). */
  aliveEveryMs?: number;
}

const noExport = (id: number) => new AppError(ErrorCodes.RESOURCE_NOT_FOUND, { message: `No export ${id}` });

/** How many rows the filter holds now: the progress's whole. */
async function countRows(db: Db, where: ReturnType<typeof inboxWhere>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from responses r where ${where}`,
  );
  return row?.n ?? 0;
}

/**
 * POST /console/exports: checks the filter as the inbox would (its errors, before anything is stored),
 * stores the export queued with the number of rows it will hold, and starts it after the answer.
 */
export async function startExport(
  deps: ExportDeps,
  operator: OperatorScope,
  format: ExportFormat,
  query: InboxQuery,
): Promise<ExportRow> {
  const filter = checkedInboxFilter(query);
  const scope = await inboxScope(deps.db, operator, filter);
  const now = deps.now();
  const [row] = await deps.db
    .insert(responseExports)
    .values({
      companyId: operator.companyId,
      operatorId: operator.id,
      format,
      query,
      state: 'queued',
      rowsTotal: await countRows(deps.db, inboxWhere(scope, filter)),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_KEEP_MS),
    })
    .returning();
  if (!row) throw new Error('the export was not stored');
  deps.background(() => runExport(deps, row.id));
  return row;
}

/** Takes the export to run: a queued one, or a running one whose beat stopped (its server died). */
async function claim(deps: ExportDeps, id: number): Promise<ExportRow | null> {
  const now = deps.now();
  const stale = new Date(now.getTime() - EXPORT_STALE_MS).toISOString();
  const [claimed] = await deps.db
    .update(responseExports)
    .set({ state: 'running', beatAt: now, rowsDone: 0 })
    .where(
      and(
        eq(responseExports.id, id),
        sql`(${responseExports.state} = 'queued' or (${responseExports.state} = 'running'
          and ${responseExports.beatAt} < ${stale}::timestamptz))`,
      ),
    )
    .returning();
  return claimed ?? null;
}

/**
 * The export's progress written to its row (and that it is alive), at most once a second: `beat(rows)`
 * as rows are written, one write at a time; `flush()` waits for the last before the final update, so a
 * late beat never writes fewer rows over a finished export's.
 */
function beats(deps: ExportDeps, id: number) {
  // The first page's rows are written at once: the console shows the export moving from its start.
  let at = 0;
  let last: Promise<void> = Promise.resolve();
  return {
    beat(rows: number): Promise<void> {
      if (Date.now() - at < BEAT_EVERY_MS) return last;
      at = Date.now();
      last = last.then(async () => {
        await deps.db
          .update(responseExports)
          .set({ rowsDone: rows, beatAt: deps.now() })
          .where(eq(responseExports.id, id));
      });
      return last;
    },
    flush: () => last,
  };
}

/** Beats the running export's row on a timer until stopped: alive while this server works on it. */
function keepAlive(deps: ExportDeps, id: number): { stop(): void } {
  const timer = setInterval(() => {
    deps.db
      .update(responseExports)
      .set({ beatAt: deps.now() })
      .where(and(eq(responseExports.id, id), eq(responseExports.state, 'running')))
      // Advisory, as the progress beats: the next one tries again.
      .catch(() => {});
  }, deps.aliveEveryMs ?? EXPORT_ALIVE_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The pages, their rows counted into `progress` and beaten into the export's row as they pass. */
async function* counted(
  pages: AsyncIterable<ExportCells[]>,
  progress: { rows: number },
  beat: (rows: number) => Promise<void>,
) {
  for await (const page of pages) {
    yield page;
    progress.rows += page.length;
    await beat(progress.rows);
  }
}

/**
 * Writes the task's file to `path`: in an export process when the server has them (PostgreSQL) and the
 * export is big (decision 0262), its progress coming back over IPC; else in this thread. Either way the
 * same code writes the same bytes (open.ts, write.ts). Resolves to the rows written.
 */
async function writeFile(deps: ExportDeps, task: ExportTask, rowsTotal: number, id: number, path: string) {
  const progress = beats(deps, id);
  try {
    if (deps.processes && rowsTotal >= deps.processes.fromRows) {
      const run = deps.processes.run(task, { file: path }, (rows) => {
        // A beat is advisory (progress, liveness): one that fails does not fail the export.
        progress.beat(rows).catch(() => {});
      });
      return (await run.finished).rows;
    }
    const counter = { rows: 0 };
    const { columns, pages } = await openExport(deps.db, task);
    await writeExport(task.format, columns, counted(pages, counter, progress.beat), createWriteStream(path));
    return counter.rows;
  } finally {
    await progress.flush().catch(() => {});
  }
}

/**
 * Runs one export: the filter checked again as its operator may see now (a manager who lost a branch
 * exports without it), the file written to a temporary file, then put in storage under a key of its
 * own. A fault marks it failed with a sentence and a code for its operator, the fault itself logged
 * (decision 0264); the temporary file goes either way.
 */
export async function runExport(deps: ExportDeps, id: number): Promise<void> {
  const row = await claim(deps, id);
  if (!row) return;
  const alive = keepAlive(deps, id);
  const dir = await mkdtemp(join(tmpdir(), 'vv-export-'));
  try {
    const found = await findOperator(deps.db, row.operatorId);
    if (!found) throw new AppError(ErrorCodes.NOT_AUTHENTICATED, { message: EXPORT_OPERATOR_GONE });
    const operator = await toConsoleOperator(deps.db, found);
    const filter = checkedInboxFilter(row.query as InboxQuery);
    const scope = await inboxScope(deps.db, operator, filter);
    const format = row.format as ExportFormat;
    const path = join(dir, `export.${format}`);
    const rows = await writeFile(deps, { format, scope, filter }, row.rowsTotal, id, path);
    const key = `exports/${id}/${randomBytes(16).toString('hex')}.${format}`;
    await deps.storage.putFile(key, path, EXPORT_CONTENT_TYPES[format]);
    await deps.db
      .update(responseExports)
      .set({
        state: 'done',
        rowsDone: rows,
        rowsTotal: Math.max(rows, row.rowsTotal),
        storageKey: key,
        bytes: (await stat(path)).size,
        beatAt: deps.now(),
      })
      .where(eq(responseExports.id, id));
  } catch (error) {
    if (error instanceof ExportCancelled) {
      // The server is closing: queued again, so the exports job runs it on a server that stays.
      await deps.db
        .update(responseExports)
        .set({ state: 'queued', rowsDone: 0, beatAt: deps.now() })
        .where(eq(responseExports.id, id));
      return;
    }
    // Logged first: if the database is what failed, the update below may fail too.
    deps.log.error({ err: error, exportId: id }, 'response export failed');
    const failure = exportFailure(error);
    await deps.db
      .update(responseExports)
      .set({ state: 'failed', error: failure.message, errorCode: failure.code, beatAt: deps.now() })
      .where(eq(responseExports.id, id));
  } finally {
    alive.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The operator's own export (nobody else's, not even their company's: it holds what they may see). */
export async function ownExport(db: Db, operator: OperatorScope, id: number, now: Date): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(responseExports)
    .where(and(eq(responseExports.id, id), eq(responseExports.operatorId, operator.id)));
  if (!row || row.expiresAt <= now) throw noExport(id);
  return row;
}

/** The finished file of the operator's export, or 404 10014 while it is not done (or has expired). */
export async function exportFile(
  deps: Pick<ExportDeps, 'db' | 'storage'>,
  operator: OperatorScope,
  id: number,
  now: Date,
) {
  const row = await ownExport(deps.db, operator, id, now);
  if (row.state !== 'done' || !row.storageKey) throw noExport(id);
  const object = await deps.storage.get(row.storageKey);
  if (!object) throw noExport(id);
  return { row, object };
}

/**
 * The exports job (every minute): runs again what a dead server left running or never started, and
 * deletes expired exports with their files.
 */
export async function sweepExports(deps: ExportDeps): Promise<{ resumed: number; deleted: number }> {
  const now = deps.now();
  const stale = new Date(now.getTime() - EXPORT_STALE_MS);
  const waiting = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from response_exports where expires_at > ${now.toISOString()}::timestamptz
      and ((state = 'queued' and created_at < ${stale.toISOString()}::timestamptz)
        or (state = 'running' and beat_at < ${stale.toISOString()}::timestamptz))`,
  );
  for (const { id } of waiting) await runExport(deps, id);
  const expired = await queryRows<{ id: number; storage_key: string | null }>(
    deps.db,
    sql`select id, storage_key from response_exports where expires_at <= ${now.toISOString()}::timestamptz`,
  );
  for (const { id, storage_key } of expired) {
    if (storage_key) await deps.storage.delete(storage_key);
    await deps.db.delete(responseExports).where(eq(responseExports.id, id));
  }
  return { resumed: waiting.length, deleted: expired.length };
}
