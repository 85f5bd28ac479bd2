import { AppError, type ErrorCode, ErrorCodes } from '@venue-voice/domain';

/**
 * What a failed export tells its operator (decision 0264): a sentence and a code of the API's error list,
 * never the fault's own text. A database fault's message is drizzle's "Failed query: select … params: …"
 * (the statement and its values), a storage fault's names files and hosts: those go to the server's log,
 * with the stack and the cause, not to the console.
 */
export interface ExportFailure {
  code: ErrorCode;
  message: string;
}

/** Any fault of ours without a sentence of its own: the database, the file storage, a bug. */
export const EXPORT_NOT_WRITTEN = 'the export’s file could not be written';
/** Its operator was deleted while it ran (their exports go with them, so this is a race). */
export const EXPORT_OPERATOR_GONE = 'the operator who asked for it is gone';

/** An export process that ended without finishing its file: killed, out of memory (decision 0262). */
export class ExportProcessStopped extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly rows: number,
  ) {
    // How it stopped and after how many rows: the process's own facts, nothing of the data.
    super(
      `the export process stopped (${signal ? `signal ${signal}` : `exit code ${exitCode}`}) after ${rows} rows`,
    );
    this.name = 'ExportProcessStopped';
  }
}

/** The operator's words for a fault that failed an export. */
export function exportFailure(error: unknown): ExportFailure {
  // An AppError's message is written for the client (the filter no longer holds: a branch taken away).
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof ExportProcessStopped) return { code: ErrorCodes.INTERNAL, message: error.message };
  return { code: ErrorCodes.INTERNAL, message: EXPORT_NOT_WRITTEN };
}

/**
 * How an export stored before its code existed (or by a server older than 0264 beside a newer one) is
 * answered: its stored text may be a database's message, so it is not shown.
 */
export function answeredFailure(row: { state: string; error: string | null; errorCode: number | null }) {
  if (row.state !== 'failed') return { error: null, errorCode: null };
  if (row.errorCode === null) return { error: EXPORT_NOT_WRITTEN, errorCode: ErrorCodes.INTERNAL };
  return { error: row.error ?? EXPORT_NOT_WRITTEN, errorCode: row.errorCode };
}
