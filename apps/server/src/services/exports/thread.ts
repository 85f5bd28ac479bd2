import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExportInput, OnRows, RunningExport } from './run';

/**
 * The export thread's heap (decision 0253): a young generation of 16 MB (the server's is 3 × 64 MB)
 * and an old generation that must collect before it passes 96 MB, so the process grows by at most about
 * this much (plus the thread's own ~10 MB), however many rows.
 */
export const EXPORT_THREAD_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 64 };

// From the sources (tsx, Vitest) the thread's script imports TypeScript, so it registers tsx's loader
// first; in the server bundle it is bundled JavaScript beside it (scripts/build-server.mjs).
const loader = import.meta.url.endsWith('.ts') ? 'tsx/esm/api' : undefined;

/**
 * Runs the export in a worker thread on its own PostgreSQL connections and writes what it makes to
 * `out`, taking the next chunk only once `out` has room. When `out` is closed early (the client went
 * away) the thread is stopped.
 */
export function exportInThread(
  databaseUrl: string,
  input: ExportInput,
  out: Writable,
  onRows?: OnRows,
): RunningExport {
  const worker = new Worker(new URL('./export-thread.mjs', import.meta.url), {
    workerData: { databaseUrl, input, loader },
    resourceLimits: EXPORT_THREAD_LIMITS,
  });
  let markStarted: () => void = () => {};
  let failStart: (error: unknown) => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    failStart = reject;
  });
  let progress: Promise<void> = Promise.resolve();
  const done = new Promise<void>((resolve, reject) => {
    let finished = false;
    const fail = (error: Error) => {
      if (finished) return;
      finished = true;
      void worker.terminate();
      reject(error);
    };
    const more = () => worker.postMessage('more');
    out.on('error', fail);
    out.on('close', () => {
      if (!out.writableFinished) fail(new Error('the export’s reader went away'));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`the export thread stopped (exit code ${code})`));
    });
    worker.on('message', (message: ThreadMessage) => {
      if (message.kind === 'chunk') {
        if (out.write(message.bytes)) more();
        else out.once('drain', more);
      } else if (message.kind === 'rows') {
        progress = progress.then(() => onRows?.(message.rows)).catch(fail);
      } else if (message.kind === 'started') markStarted();
      else if (message.kind === 'error') fail(new Error(message.message));
      else if (message.kind === 'end') {
        out.end(() => {
          void progress.then(() => {
            finished = true;
            resolve();
          });
        });
      }
    });
  });
  done.catch(failStart);
  // A caller that waits only for `done` (the background job) learns the fault there.
  started.catch(() => {});
  return { started, done };
}

type ThreadMessage =
  | { kind: 'chunk'; bytes: Uint8Array }
  | { kind: 'rows'; rows: number }
  | { kind: 'started' }
  | { kind: 'end' }
  | { kind: 'error'; message: string };
