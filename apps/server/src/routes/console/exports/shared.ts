import type { ExportJob } from '@venue-voice/domain';
import { answeredFailure, type ExportRow } from '../../../services/exports';
import type { Storage } from '../../../services/storage';
import type { ConsoleRouteDeps } from '../shared';

/** The export calls' dependencies: the console's, and the storage the files go to. */
export interface ExportRouteDeps extends ConsoleRouteDeps {
  storage: Storage;
}

/** An export row as the console sees it: a failure as a sentence and a code, never the fault's text (0264). */
export const exportJobOf = (row: ExportRow): ExportJob => ({
  id: row.id,
  format: row.format as ExportJob['format'],
  state: row.state as ExportJob['state'],
  rowsTotal: row.rowsTotal,
  rowsDone: row.rowsDone,
  bytes: row.bytes ?? null,
  ...answeredFailure(row),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});
