import type { ExportFormat, InboxFilter } from '@venue-voice/domain';
import type { Db } from '../../db/connection';
// The filter's module, not the inbox's index: the export process's bundle then holds the filter → SQL
// and not the inbox's list and detail with what they load (storage, the PGlite driver).
import { type InboxScope, inboxWhere } from '../inbox/filters';
import { type ExportColumn, exportColumns } from './columns';
import { type ExportCells, exportPages, keysetRows, primed, type ReadExportRows } from './rows';
import { exportSurveys } from './surveys';

/**
 * What an export writes, as plain data: the format, and the inbox's checked filter with the scope the
 * server worked out for the operator (their company and branches). Plain so that it crosses to the export
 * process (decision 0262) unchanged; the checks that need the operator stay in the server.
 */
export interface ExportTask {
  format: ExportFormat;
  scope: InboxScope;
  filter: InboxFilter;
}

/** An export ready to write: its columns, and its pages with the first already read. */
export interface OpenedExport {
  columns: ExportColumn[];
  pages: AsyncGenerator<ExportCells[]>;
}

/**
 * Reads what an export needs before its first byte: the surveys that label its rows, its columns and its
 * first page (a database fault there is an error envelope, not a cut file). The server's thread and the
 * export process both start an export here, so both write the same bytes for the same task; they differ
 * only in how the rows are read (`read`: keyset pages in the thread, a cursor in the process).
 */
export async function openExport(
  db: Db,
  task: ExportTask,
  read: ReadExportRows = keysetRows(db),
): Promise<OpenedExport> {
  const { scope, filter } = task;
  const surveys = await exportSurveys(db, scope.companyId, scope.surveyId);
  const columns = exportColumns(surveys.values());
  const rows = read(inboxWhere(scope, filter));
  const pages = await primed(exportPages(db, scope.companyId, rows, surveys, columns));
  return { columns, pages };
}
