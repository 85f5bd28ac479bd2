import type { Writable } from 'node:stream';
import type { ExportFormat, InboxFilter } from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import { type InboxScope, inboxWhere } from '../inbox';
import { exportColumns } from './columns';
import { type ExportCells, exportPages, primed } from './rows';
import { exportSurveys } from './surveys';
import { writeExport } from './write';

/** What an export writes: the inbox's checked filter and its scope (plain data: it crosses to a thread). */
export interface ExportInput {
  scope: InboxScope;
  filter: InboxFilter;
  format: ExportFormat;
}

/** Told the number of rows written so far after each page; awaited before the next page is written. */
export type OnRows = (rows: number) => Promise<void> | void;

/**
 * An export under way: `started` once the first page is read (rejected with the fault if that failed,
 * before any byte is written, so a route can still answer an error envelope); `done` when the file is
 * whole in `out`, or rejected with the fault.
 */
export interface RunningExport {
  started: Promise<void>;
  done: Promise<void>;
}

async function* counted(pages: AsyncIterable<ExportCells[]>, onRows: OnRows | undefined) {
  let rows = 0;
  for await (const page of pages) {
    yield page;
    rows += page.length;
    await onRows?.(rows);
  }
}

/** Writes the export to `out` in this thread (the way on PGlite, and inside the export thread). */
export function exportHere(db: Db, input: ExportInput, out: Writable, onRows?: OnRows): RunningExport {
  const { scope, filter, format } = input;
  let markStarted: () => void = () => {};
  let failStart: (error: unknown) => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    failStart = reject;
  });
  const done = (async () => {
    const surveys = await exportSurveys(db, scope.companyId, scope.surveyId);
    const columns = exportColumns(surveys.values());
    const pages = await primed(exportPages(db, scope.companyId, inboxWhere(scope, filter), surveys, columns));
    markStarted();
    await writeExport(format, columns, counted(pages, onRows), out);
  })();
  // Once started, a later fault rejects `done` only (a settled promise ignores the second call).
  done.catch(failStart);
  // A caller that waits only for `done` (the background job) learns the fault there.
  started.catch(() => {});
  return { started, done };
}
