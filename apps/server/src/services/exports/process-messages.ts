import type { ExportTask } from './open';

/**
 * The export process's messages (decision 0262), over the IPC channel of `child_process.fork` with
 * structured clone ('advanced' serialization). The file's bytes never travel here: a job's process writes
 * its file itself, a streamed export's process writes to a pipe of its own (fd 4) the server reads.
 */

/** Server → process, once: what to export, where to, and the database to read it from. */
export interface ExportProcessJob {
  type: 'run';
  task: ExportTask;
  /** A path to write the file to (a job), or the pipe on fd 4 (the streamed answer). */
  out: { file: string } | { pipe: true };
  databaseUrl: string;
}

/** Process → server. */
export type ExportProcessMessage =
  /** The surveys and the first page are read: the file can be announced. */
  | { type: 'started' }
  /** Rows written so far (at most a few times a second). */
  | { type: 'progress'; rows: number }
  /** The whole file is written; the process's own peak resident memory and CPU time (user + system). */
  | { type: 'done'; rows: number; peakRssMb: number; cpuSeconds: number }
  /** The export failed: the fault as it was, for the server's log (the process then exits with code 1). */
  | { type: 'failed'; error: PlainError };

/**
 * A fault as it crosses from the process (decision 0264): its name, message, stack, code (a PostgreSQL
 * SQLSTATE) and cause, which say why a statement failed where drizzle's message only names it. Plain,
 * because structured clone drops an error's own fields but its message and stack.
 */
export interface PlainError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  cause?: PlainError;
}

/** The fault as plain data, its causes to a depth of 3. */
export function plainError(error: unknown, depth = 0): PlainError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: plainError(error.cause, depth + 1) } : {}),
  };
}

/** The process's fault as an Error of the server's again (its stack the process's), for the log. */
export function errorOf(plain: PlainError): Error {
  const error: Error & { code?: string } = new Error(
    plain.message,
    plain.cause ? { cause: errorOf(plain.cause) } : undefined,
  );
  error.name = plain.name;
  if (plain.stack) error.stack = plain.stack;
  if (plain.code) error.code = plain.code;
  return error;
}

/** The pipe a streamed export's bytes come through: the fifth of the process's stdio. */
export const EXPORT_PIPE_FD = 4;
