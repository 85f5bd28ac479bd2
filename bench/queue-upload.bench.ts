/**
 * A tablet's offline queue uploading 500 responses, each a create and a supplement with contact details,
 * through the real web code (apps/web/src/features/device-queue on fake-indexeddb) and the real server
 * (a child process, PGlite and PostgreSQL), behind a proxy that adds 150 ms to every round trip. The
 * duplicates are counted in the database: rows beyond the distinct guids of the run.
 */
import 'fake-indexeddb/auto';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IDBFactory } from 'fake-indexeddb';
import { SERVER_NODE_ARGS } from '../apps/server/test/support/main-process';
import { configureQueue, queueRequest, uploadStored } from '../apps/web/src/features/device-queue/index';
import { closeQueueDb, readQueue } from '../apps/web/src/features/device-queue/queue-db';
import { spawnChild, waitForLine } from './lib/child';
import { tabletCreatePayload } from './lib/demo-create';
import { type BenchResult, checkGoal, machine, writeResult } from './lib/result';
import { median, round } from './lib/stats';

const RESPONSES = 500;
const ROUNDS = 3;
const ROUND_TRIP_MS = 150;
const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000'];
type Kind = 'pglite' | 'postgres';
const label = (kind: Kind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Half the round trip on the way in, half on the way out; counts the requests it carried. */
async function delayingProxy(target: string) {
  const counts = { requests: 0, batches: 0, serverMs: 0 };
  const server = createServer(async (request, response) => {
    counts.requests += 1;
    if (request.url?.endsWith('/submit/batch')) counts.batches += 1;
    const body = await readBody(request);
    await sleep(ROUND_TRIP_MS / 2);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        ([name]) => !['host', 'connection', 'content-length'].includes(name),
      ),
    ) as Record<string, string>;
    const sent = performance.now();
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers,
      body: body.length > 0 ? body : undefined,
    });
    const text = Buffer.from(await answer.arrayBuffer());
    counts.serverMs += performance.now() - sent;
    await sleep(ROUND_TRIP_MS / 2);
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

type Stats = { rows: number; guids: number; supplements: number; contacts: number };
type Round = {
  seconds: number;
  serverSeconds: number;
  requests: number;
  batches: number;
  stats: Stats;
  ok: boolean;
  left: number;
};

async function runRound(api: string, device: { deviceId: string; token: string }): Promise<Round> {
  await closeQueueDb();
  globalThis.indexedDB = new IDBFactory();
  const proxy = await delayingProxy(api);
  const state = { online: false };
  configureQueue({
    transport: () => ({
      baseUrl: proxy.url,
      fetch: globalThis.fetch,
      credentials: {
        authType: 'app',
        clientId: 'venue-voice-web/bench',
        companyKey: 'demo',
        branchId: 1,
        device,
      },
    }),
    branchId: () => 1,
    online: () => state.online,
  });
  const prefix = randomBytes(4).toString('hex');
  for (let n = 0; n < RESPONSES; n++) {
    const guid = `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
    await queueRequest({
      kind: 'create',
      payload: tabletCreatePayload({
        guid,
        comment: `Guest ${n}: lovely evening, the soup was a little cold.`,
        userAgent: 'venue-voice tablet bench',
      }),
      headers: { 'X-Template-Id': '1' },
    });
    await queueRequest({
      kind: 'supplement',
      response: guid,
      payload: { permitted: true, contact: { name: `Guest ${n}`, email: `guest${n}@example.com` } },
    });
  }
  state.online = true;
  const started = performance.now();
  const result = await uploadStored();
  const seconds = (performance.now() - started) / 1000;
  await proxy.close();
  const stats = (await (await fetch(`${api}/bench/stats?prefix=${prefix}`)).json()) as Stats;
  const left = (await readQueue()).items.length;
  return {
    seconds,
    serverSeconds: proxy.counts.serverMs / 1000,
    requests: proxy.counts.requests,
    batches: proxy.counts.batches,
    stats,
    ok: result.ok,
    left,
  };
}

async function measure(kind: Kind): Promise<Round[]> {
  const args = [...SERVER_NODE_ARGS, '--import', 'tsx', 'bench/lib/queue-upload-server.ts'];
  const server = spawnChild(process.execPath, args, { BENCH_KIND: kind });
  try {
    const ready = await waitForLine(server, /READY (\d+) (\S+) (\S+)/, 180_000);
    const api = `http://127.0.0.1:${ready[1]}`;
    const device = { deviceId: ready[2] ?? '', token: ready[3] ?? '' };
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await runRound(api, device);
      if (!r.ok || r.left > 0 || r.stats.guids !== RESPONSES) {
        throw new Error(
          `${kind} round ${i + 1}: upload ok=${r.ok}, ${r.left} left, ${JSON.stringify(r.stats)}`,
        );
      }
      console.log(
        `${kind} round ${i + 1}: ${round(r.seconds, 2)} s (server ${round(r.serverSeconds, 2)} s), ${r.requests} requests (${r.batches} batches), ` +
          `${r.stats.rows} rows for ${r.stats.guids} guids, ${r.stats.supplements} supplements`,
      );
      rounds.push(r);
    }
    return rounds;
  } finally {
    await server.stop(30_000);
  }
}

const metrics: BenchResult['metrics'] = [];
const notes: string[] = [];
for (const kind of ['pglite', 'postgres'] as const) {
  let rounds: Round[] = [];
  let failure: string | undefined;
  try {
    rounds = await measure(kind);
    const last = rounds.at(-1);
    notes.push(
      `${label(kind)}: ${last?.requests} requests per upload (${last?.batches} batches); ` +
        `${last?.stats.supplements} supplements and ${last?.stats.contacts} contact rows stored per run.`,
    );
  } catch (err) {
    const message = String((err as Error).message);
    const code = UNREACHABLE.find((c) => message.includes(c));
    if (kind !== 'postgres' || !code) throw err;
    failure = `not measured: PostgreSQL unreachable (${code})`;
  }
  const seconds = rounds.length > 0 ? round(median(rounds.map((r) => r.seconds)), 2) : null;
  if (rounds.length > 0)
    notes.push(
      `${label(kind)}: the server's own time (proxy to server and back, no delay) was a median ${round(median(rounds.map((r) => r.serverSeconds)), 2)} s of each upload.`,
    );
  const duplicates = rounds.length > 0 ? Math.max(...rounds.map((r) => r.stats.rows - r.stats.guids)) : null;
  metrics.push({
    id: `queue-upload.${kind}.seconds`,
    label: `Tablet upload of ${RESPONSES} queued responses with supplements, ${ROUND_TRIP_MS} ms round trip, ${label(kind)}`,
    value: seconds,
    unit: 's',
    perRun: rounds.map((r) => round(r.seconds, 2)),
    goal: checkGoal(seconds, '<=', 10, '≤ 10 s'),
    ...(failure ? { note: failure } : {}),
  });
  metrics.push({
    id: `queue-upload.${kind}.duplicates`,
    label: `Duplicate responses (rows beyond distinct guids), ${label(kind)}`,
    value: duplicates,
    unit: 'rows',
    perRun: rounds.map((r) => r.stats.rows - r.stats.guids),
    goal: checkGoal(duplicates, '<=', 0, '0'),
    ...(failure ? { note: failure } : {}),
  });
}

const file = writeResult({
  name: 'queue-upload',
  title: 'Tablet queue upload',
  ...machine(),
  runs: ROUNDS,
  method: [
    `${RESPONSES} responses are queued offline (a create and a supplement with contact details each) in the web app's queue module on fake-indexeddb, then one upload is timed.`,
    `Requests go through a local proxy that holds each for ${ROUND_TRIP_MS / 2} ms each way (${ROUND_TRIP_MS} ms round trip) to the real server in a child process with a registered tablet.`,
    'The queue sends the submits in batches of up to 100 (survey.submit.batch, decision 0090); duplicates are counted in the database by guid.',
    ...notes,
  ],
  metrics,
});
console.log(`wrote ${file}`);
