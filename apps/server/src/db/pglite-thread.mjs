// The PGlite database in a worker thread of the server (decision 0155): PostgreSQL's WebAssembly runs
// here, so the server's own thread keeps answering HTTP while a statement runs. `pglite-threaded.ts`
// is the other end. Plain JavaScript, so the worker loads without the TypeScript loader (tsx, Vitest)
// its parent happens to run under.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Open transactions by the id of the `begin` that opened them: PGlite's handle and how to end it. */
const open = new Map();

/**
 * What crosses the thread: an Error's message, name and own fields (`code`, `constraint`, `detail`, …).
 * PGlite's errors also carry the query's options, whose parser functions could not cross: left out.
 */
const errorOf = (error) => {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  const { queryOptions, ...fields } = error;
  return { ...fields, message: error.message, name: error.name };
};

/** Answers the parent; should the answer not cross the thread, the parent gets that error instead. */
const reply = (id, answer) => {
  try {
    parentPort.postMessage({ id, ...answer });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: `the answer could not be sent: ${error.message}`, name: 'Error' },
    });
  }
};

// The parent only ever asks for text as it is: drizzle passes identity parsers for dates and intervals.
const asText = (value) => value;

/**
 * Types the PGlite instance itself returns as text, and the parsers it had for them. PGlite copies its
 * map of some 300 type parsers into a new object for every statement that brings parsers of its own
 * (~0.1 ms each: 10% of this thread in the submit bench's profile, most of it under one-row inserts). Drizzle
 * asks every statement for the same types as text, so the first such set becomes the instance's own,
 * and a statement brings parsers only where it wants other than the instance: each still gets exactly
 * the types it asked for.
 */
let instanceText = null; // Map: type OID → the parser the instance had for it; null until first asked

function parsersFor(textTypes) {
  if (!instanceText && textTypes.length > 0) {
    instanceText = new Map(textTypes.map((oid) => [oid, pg.parsers[oid]]));
    for (const oid of textTypes) pg.parsers[oid] = asText;
  }
  const wanted = new Set(textTypes);
  const differ = {};
  for (const oid of wanted) if (!instanceText?.has(oid)) differ[oid] = asText;
  // An instance without a parser of its own for a type falls back to PGlite's default: so does this.
  for (const [oid, parser] of instanceText ?? []) if (!wanted.has(oid)) differ[oid] = parser;
  return Object.keys(differ).length > 0 ? differ : undefined;
}

const options = ({ rowMode, textTypes }) => ({ rowMode, parsers: parsersFor(textTypes ?? []) });

/** Where a statement runs: inside the named transaction, or on the database (waiting for any open one). */
const target = (tx) => {
  if (tx === undefined) return pg;
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  return entry.tx;
};

async function begin(id) {
  let started;
  const ready = new Promise((resolve) => {
    started = resolve;
  });
  const finished = pg.transaction(
    (tx) =>
      new Promise((commit, rollback) => {
        open.set(id, { tx, commit, rollback });
        started();
      }),
  );
  // Until `end` comes, `finished` is the transaction; `end` reports how it ended. A BEGIN that fails
  // rejects it before the transaction ever opened.
  await Promise.race([ready, finished]);
  open.get(id).finished = finished;
}

async function end(tx, commit) {
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  if (commit) entry.commit();
  else entry.rollback(new Error('rolled back'));
  try {
    await entry.finished;
  } catch (error) {
    // A rollback we asked for is the expected outcome; a failed COMMIT is not.
    if (commit) throw error;
  } finally {
    open.delete(tx);
  }
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return target(message.tx).query(message.sql, message.params, options(message));
    case 'exec':
      return target(message.tx).exec(message.sql, { parsers: parsersFor([]) });
    case 'begin':
      return begin(message.id);
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      return pg.close();
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

let pg;
try {
  pg = await PGlite.create({
    ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
    ...(workerData.pgliteWasmModule ? { pgliteWasmModule: workerData.pgliteWasmModule } : {}),
    ...(workerData.startParams ? { startParams: workerData.startParams } : {}),
    // The same extensions as PGLITE_EXTENSIONS (connection-template.ts), which this file cannot import.
    extensions: { pg_trgm },
  });
} catch (error) {
  parentPort.postMessage({ id: 0, error: errorOf(error) });
  throw error;
}
parentPort.on('message', (message) => {
  run(message).then(
    (result) => reply(message.id, { result }),
    (error) => reply(message.id, { error: errorOf(error) }),
  );
});
parentPort.postMessage({ id: 0 });
