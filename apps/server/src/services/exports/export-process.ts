/**
 * The export process (decision 0262): a big export on PostgreSQL runs here, in a process of its own with
 * a bounded heap, so the server that serves guests does not grow for it. Started by launcher.ts with
 * `child_process.fork` from its own bundle (scripts/build-server.mjs builds it beside the server's as
 * dist/export-process.mjs): only the export's code is loaded, not the server's. It takes one job from
 * the IPC channel, opens two connections of its own (the rows through a cursor on one, the menu's names
 * on the other), writes
 * the file with the same code as the server's thread (open.ts, write.ts), reports its progress, and exits.
 */
import { createWriteStream } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/connection';
import { cursorRows } from './cursor-rows';
import { openExport } from './open';
import {
  EXPORT_PIPE_FD,
  type ExportProcessJob,
  type ExportProcessMessage,
  plainError,
} from './process-messages';
import type { ExportCells } from './rows';
import { writeExport } from './write';

/** Progress is sent at most this often: the server writes it to the job at most once a second. */
const PROGRESS_EVERY_MS = 250;

const send = (message: ExportProcessMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });

/** The pages, their rows counted and reported as they pass. */
async function* reported(pages: AsyncIterable<ExportCells[]>, progress: { rows: number }) {
  let sentAt = 0;
  for await (const page of pages) {
    yield page;
    progress.rows += page.length;
    if (Date.now() - sentAt >= PROGRESS_EVERY_MS) {
      sentAt = Date.now();
      void send({ type: 'progress', rows: progress.rows });
    }
  }
}

const outOf = (job: ExportProcessJob): Writable =>
  'file' in job.out
    ? createWriteStream(job.out.file)
    : new Socket({ fd: EXPORT_PIPE_FD, readable: false, writable: true });

async function run(job: ExportProcessJob): Promise<void> {
  const pool = new pg.Pool({ connectionString: job.databaseUrl, max: 2 });
  // An idle client the database ended emits 'error'; the query in flight fails with its own error.
  pool.on('error', () => {});
  try {
    const db = drizzle({ client: pool }) as unknown as Db;
    const { columns, pages } = await openExport(db, job.task, cursorRows(pool));
    await send({ type: 'started' });
    const progress = { rows: 0 };
    await writeExport(job.task.format, columns, reported(pages, progress), outOf(job));
    // ru_maxrss: this process's peak resident memory in kB (what the export's work cost, decision 0262).
    const usage = process.resourceUsage();
    const peakRssMb = Math.round(usage.maxRSS / 1024);
    const cpuSeconds = Math.round((usage.userCPUTime + usage.systemCPUTime) / 1e4) / 100;
    await send({ type: 'done', rows: progress.rows, peakRssMb, cpuSeconds });
  } finally {
    await pool.end().catch(() => {});
  }
}

// The server gone (it died, or closed the channel to cancel): nothing is left to write for.
process.on('disconnect', () => process.exit(2));
// A terminal's Ctrl+C reaches every process of its group (`npm run dev`): the server decides when its
// exports stop (its close cancels them and queues their jobs again), not the signal.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
process.once('message', (job: ExportProcessJob) => {
  run(job).then(
    // Everything is written (the file closed, the pipe's bytes handed to the system) and 'done' sent.
    () => process.exit(0),
    async (error: unknown) => {
      // The fault whole (its cause says why a statement failed): the server logs it, the job gets a sentence.
      await send({ type: 'failed', error: plainError(error) });
      process.exit(1);
    },
  );
});
