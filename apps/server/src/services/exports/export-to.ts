import type { Writable } from 'node:stream';
import type { Db } from '../../db/connection';
import { type ExportInput, exportHere, type OnRows, type RunningExport } from './run';
import { exportInThread } from './thread';

/** Where an export reads from: the app's database, and PostgreSQL's URL when that is what it is. */
export interface ExportSource {
  db: Db;
  /** Set on PostgreSQL: the export runs in a thread of its own with its own connections (decision 0253). */
  databaseUrl?: string | undefined;
}

/**
 * Writes the export to `out`: on PostgreSQL in a worker thread with a bounded heap (decision 0253), on
 * PGlite here (its one connection belongs to this process; a laptop's exports are small).
 */
export function exportTo(
  source: ExportSource,
  input: ExportInput,
  out: Writable,
  onRows?: OnRows,
): RunningExport {
  return source.databaseUrl
    ? exportInThread(source.databaseUrl, input, out, onRows)
    : exportHere(source.db, input, out, onRows);
}
