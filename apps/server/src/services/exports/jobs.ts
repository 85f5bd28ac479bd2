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
import type { Storage } from '../storage';
import { exportColumns } from './columns';
import { type ExportCells, exportPages } from './rows';
import { exportSurveys } from './surveys';
import { EXPORT_CONTENT_TYPES, writeExport } from './write';

/** A finished export's file is kept this long, then deleted with its row (decision 0239). */
export const EXPORT_KEEP_MS = 24 * 3600_000;
/** A running export writes its progress (and that it is alive) at most this often. */
const BEAT_EVERY_MS = 1_000;
/** A running export silent for this long died with its server: the sweep runs it again. */
export const EXPORT_STALE_MS = 2 * 60_000;

export type ExportRow = typeof responseExports.$inferSelect;

export interface ExportDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  /** Runs the export after the answer (the route's background work, settled when the server closes). */
  background(work: () => Promise<void>): void;
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

/** The pages, their rows counted into `progress` and the export's row as they pass (at most once a second). */
async function* counted(
  deps: ExportDeps,
  id: number,
  pages: AsyncIterable<ExportCells[]>,
  progress: { rows: number },
) {
  let beat = Date.now();
  for await (const page of pages) {
    yield page;
    progress.rows += page.length;
    if (Date.now() - beat >= BEAT_EVERY_MS) {
      beat = Date.now();
      await deps.db
        .update(responseExports)
        .set({ rowsDone: progress.rows, beatAt: deps.now() })
        .where(eq(responseExports.id, id));
    }
  }
}

/**
 * Runs one export: the filter checked again as its operator may see now (a manager who lost a branch
 * exports without it), the file written to a temporary file, then put in storage under a key of its
 * own. A fault marks it failed with its message; the temporary file goes either way.
 */
export async function runExport(deps: ExportDeps, id: number): Promise<void> {
  const row = await claim(deps, id);
  if (!row) return;
  const dir = await mkdtemp(join(tmpdir(), 'vv-export-'));
  try {
    const found = await findOperator(deps.db, row.operatorId);
    if (!found) throw new Error('the operator who asked for it is gone');
    const operator = await toConsoleOperator(deps.db, found);
    const filter = checkedInboxFilter(row.query as InboxQuery);
    const scope = await inboxScope(deps.db, operator, filter);
    const surveys = await exportSurveys(deps.db, scope.companyId, scope.surveyId);
    const format = row.format as ExportFormat;
    const path = join(dir, `export.${format}`);
    const progress = { rows: 0 };
    const columns = exportColumns(surveys.values());
    const pages = exportPages(deps.db, scope.companyId, inboxWhere(scope, filter), surveys, columns);
    await writeExport(format, columns, counted(deps, id, pages, progress), createWriteStream(path));
    const key = `exports/${id}/${randomBytes(16).toString('hex')}.${format}`;
    await deps.storage.putFile(key, path, EXPORT_CONTENT_TYPES[format]);
    await deps.db
      .update(responseExports)
      .set({
        state: 'done',
        rowsDone: progress.rows,
        rowsTotal: Math.max(progress.rows, row.rowsTotal),
        storageKey: key,
        bytes: (await stat(path)).size,
        beatAt: deps.now(),
      })
      .where(eq(responseExports.id, id));
  } catch (error) {
    await deps.db
      .update(responseExports)
      .set({
        state: 'failed',
        error: error instanceof Error ? error.message : String(error),
        beatAt: deps.now(),
      })
      .where(eq(responseExports.id, id));
  } finally {
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
