// An export in a worker thread of the server (decision 0253): the rows are read, labelled and written
// here, on a heap of its own with a small young generation and a ceiling, so a 1,000,000-row export no
// longer grows the server's heap (whose young generation is 64 MB a semi-space, decision 0160). Bytes go
// to the parent a chunk at a time, and at most CREDIT chunks are in flight: the parent's reader sets
// the pace. `thread.ts` is the other end; `run.ts` does the work, as it does in-process on PGlite.
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';

// From the sources (tsx, Vitest) the parent names tsx's loader to register first, since a worker does
// not inherit its parent's loaders; the name is data, so the server bundle never includes tsx.
if (workerData.loader) (await import(workerData.loader)).register();
const [{ createDatabase }, { exportHere }] = await Promise.all([
  import('../../db/connection.ts'),
  import('./run.ts'),
]);

const CREDIT = 4;
let credit = CREDIT;
let waiting = null;
parentPort.on('message', (message) => {
  if (message !== 'more') return;
  credit++;
  const resume = waiting;
  waiting = null;
  resume?.();
});

const out = new Writable({
  write(chunk, _encoding, callback) {
    parentPort.postMessage({ kind: 'chunk', bytes: chunk });
    credit--;
    if (credit > 0) callback();
    else waiting = callback;
  },
  final(callback) {
    parentPort.postMessage({ kind: 'end' });
    callback();
  },
});

const { databaseUrl, input } = workerData;
// Two connections: a page is read while the one before is labelled (rows.ts), and a page's dish names.
const database = await createDatabase({ databaseUrl, poolSize: 2 });
try {
  const running = exportHere(database.db, input, out, (rows) =>
    parentPort.postMessage({ kind: 'rows', rows }),
  );
  await running.started;
  parentPort.postMessage({ kind: 'started' });
  await running.done;
} catch (error) {
  parentPort.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
} finally {
  await database.close();
}
