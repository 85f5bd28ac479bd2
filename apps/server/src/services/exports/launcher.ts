import { type ChildProcess, fork } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ExportProcessStopped } from './failure';
import type { ExportTask } from './open';
import { type ExportProcessJob, type ExportProcessMessage, errorOf } from './process-messages';

/**
 * Node's options for the export process (decision 0262), chosen by measurement: a bounded old space (the
 * process fails with an out-of-memory error and its export is marked failed, rather than growing) and a
 * young generation of its own, not the server's 64 MB (decision 0160).
 */
export const EXPORT_PROCESS_NODE_ARGS = ['--max-semi-space-size=16', '--max-old-space-size=160'];

/**
 * Exports of at least this many rows run in the export process; smaller ones in the server's thread,
 * where they cost less than starting a process and two connections (~0.3 s) and grow nothing that
 * matters.
 */
export const EXPORT_PROCESS_FROM_ROWS = 20_000;

/**
 * At most this many export processes run at once per server; more exports wait for one to end (a job
 * stays "running" at 0 rows meanwhile, a streamed answer has not begun). Each is up to ~200 MB: two
 * keep a server's exports within the memory one export took in its thread before (decision 0262).
 */
export const EXPORT_PROCESSES_AT_ONCE = 2;

/** An export stopped on purpose: the server closing, or the client of a streamed export gone. */
export class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled');
    this.name = 'ExportCancelled';
  }
}

/** One export running in its process. */
export interface ExportRun {
  /** Settles when the surveys and the first page are read (the file can be announced), or it failed. */
  started: Promise<void>;
  /** The rows written, the process's peak RSS and CPU time, once the whole file is written; else the failure. */
  finished: Promise<{ rows: number; peakRssMb: number; cpuSeconds: number }>;
  /** A streamed export's bytes (the process's pipe), read to their end before `finished` matters. */
  bytes: Readable | null;
  /** The process's id once it is started. */
  pid: number | undefined;
  /** Stops the export: its process is killed and `finished` rejects with ExportCancelled. */
  cancel(): void;
}

/** The server's export processes on PostgreSQL (none on PGlite: one process owns that database). */
export interface ExportProcesses {
  /** From how many rows an export runs here (EXPORT_PROCESS_FROM_ROWS; the tests say 0). */
  fromRows: number;
  run(task: ExportTask, out: ExportProcessJob['out'], onProgress?: (rows: number) => void): ExportRun;
  /** Cancels every export running and waits for their processes to exit; later runs are cancelled. */
  close(): Promise<void>;
}

// Where the process's code is: beside the server's bundle when the server runs from it (dist/main.mjs
// and dist/export-process.mjs, scripts/build-server.mjs), else built from the sources into the install's
// cache (tsx, Vitest), so it loads the same one file either way.
let script: Promise<string> | undefined;
function processScript(): Promise<string> {
  if (!import.meta.url.endsWith('.ts'))
    return Promise.resolve(fileURLToPath(new URL('./export-process.mjs', import.meta.url)));
  script ??= (async () => {
    // By a path computed here, so that the server's own bundle never tries to include the builder.
    const builder = new URL('../../../../../scripts/build-server.mjs', import.meta.url).href;
    const { scriptBundle } = (await import(builder)) as { scriptBundle(name: string): Promise<string> };
    return scriptBundle('export-process');
  })();
  // A failed build is reported to this caller and tried again by the next.
  script.catch(() => {
    script = undefined;
  });
  return script;
}

/**
 * Starts export processes on the PostgreSQL of `databaseUrl`: each export forks its own process (which
 * opens two connections and exits when its file is written), so a dead one takes only its export.
 */
export function exportProcesses(options: {
  databaseUrl: string;
  nodeArgs?: readonly string[];
  fromRows?: number;
  /** Told of each process that wrote its file: its rows, peak RSS and script (serve.ts: the app's log). */
  log?: { info(object: object, message: string): void };
  /** How many processes at once (EXPORT_PROCESSES_AT_ONCE). */
  atOnce?: number;
}): ExportProcesses {
  const nodeArgs = [...(options.nodeArgs ?? EXPORT_PROCESS_NODE_ARGS)];
  const running = new Set<{ cancel(): void; exited: Promise<void> }>();
  let closed = false;
  // The slots: a run takes one before its process starts and hands it to the next waiting when it ends.
  const atOnce = options.atOnce ?? EXPORT_PROCESSES_AT_ONCE;
  let taken = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    if (taken < atOnce) taken++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else taken--;
  };

  function run(task: ExportTask, out: ExportProcessJob['out'], onProgress?: (rows: number) => void) {
    let child: ChildProcess | undefined;
    let cancelled = false;
    let rows = 0;
    let markStarted!: () => void;
    let failStarted!: (error: Error) => void;
    const started = new Promise<void>((resolve, reject) => {
      markStarted = resolve;
      failStarted = reject;
    });
    let bytes: Readable | null = null;
    const cancel = () => {
      cancelled = true;
      child?.kill('SIGKILL');
    };
    const finished = (async () => {
      if (closed) throw new ExportCancelled();
      await slot();
      try {
        return await inProcess();
      } finally {
        release();
      }
    })();
    async function inProcess() {
      const path = await processScript();
      if (cancelled || closed) throw new ExportCancelled();
      // The process's options are its own: none of the server's (tsx's loader, its 64 MB young generation).
      const env = { ...process.env };
      delete env.NODE_OPTIONS;
      child = fork(path, [], {
        execArgv: nodeArgs,
        env,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc', 'file' in out ? 'ignore' : 'pipe'],
      });
      bytes = 'file' in out ? null : (child.stdio[4] as Readable);
      const entry = { cancel, exited: new Promise<void>((resolve) => child?.once('exit', () => resolve())) };
      running.add(entry);
      let done: Extract<ExportProcessMessage, { type: 'done' }> | undefined;
      let failure: Error | undefined;
      child.on('message', (message: ExportProcessMessage) => {
        if (message.type === 'started') markStarted();
        else if (message.type === 'progress') {
          rows = message.rows;
          onProgress?.(rows);
        } else if (message.type === 'done') done = message;
        else failure = errorOf(message.error);
      });
      const job: ExportProcessJob = { type: 'run', task, out, databaseUrl: options.databaseUrl };
      child.send(job);
      try {
        const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
          (resolve, reject) => {
            child?.once('error', reject);
            child?.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
          },
        );
        if (cancelled) throw new ExportCancelled();
        if (code === 0 && done) {
          const { rows: written, peakRssMb, cpuSeconds } = done;
          options.log?.info(
            { rows: written, peakRssMb, cpuSeconds, script: path },
            'export process wrote its file',
          );
          return { rows: written, peakRssMb, cpuSeconds };
        }
        // The process's own fault (with its stack and cause), else how it stopped.
        throw failure ?? new ExportProcessStopped(code, signal, rows);
      } finally {
        running.delete(entry);
      }
    }
    finished.catch((error: Error) => failStarted(error));
    // Whoever reads only one of the two is not left with an unhandled rejection of the other.
    started.catch(() => {});
    finished.catch(() => {});
    return {
      started,
      finished,
      get bytes() {
        return bytes;
      },
      get pid() {
        return child?.pid;
      },
      cancel,
    };
  }

  return {
    fromRows: options.fromRows ?? EXPORT_PROCESS_FROM_ROWS,
    run,
    async close() {
      closed = true;
      const exits = [...running].map((entry) => {
        entry.cancel();
        return entry.exited;
      });
      await Promise.all(exits);
    },
  };
}
