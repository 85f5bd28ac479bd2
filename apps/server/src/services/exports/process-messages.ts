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
  /** The export failed: its message (the process then exits with code 1). */
  | { type: 'failed'; message: string };

/** The pipe a streamed export's bytes come through: the fifth of the process's stdio. */
export const EXPORT_PIPE_FD = 4;
