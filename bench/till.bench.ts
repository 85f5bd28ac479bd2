/**
 * The till's calls (issue 30 item 6): POST /integrations/transactions at the 1,000 checks a second
 * (autocannon's overall rate, each request a new check id, so each is an insert and a PIN row), with its
 * p99; the same call uncapped for the capacity; and PUT /integrations/menu replacing a 10,000-product
 * menu with another whose every product is new (the worst case: 10,000 deletes and 10,000 inserts with
 * their trigram index), timed over HTTP. On PostgreSQL (BENCH_DATABASE_URL, a fresh vv_bench_<random>
 * database, always dropped) and PGlite; the server runs in a child process (bench/lib/till-server.ts).
 * BENCH_TILL_KINDS=postgres (or pglite) measures one database; BENCH_TILL_SECONDS, BENCH_TILL_PRODUCTS and
 * BENCH_TILL_ROUNDS shrink a run to a sanity check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { demoProduct } from '../apps/server/src/db/seed/demo-menu';
import { SERVER_NODE_ARGS } from '../apps/server/test/support/main-process';
import { spawnChild, waitForLine } from './lib/child';
import { type BenchResult, checkGoal, machine, writeResult } from './lib/result';
import { median, percentile, round } from './lib/stats';

const ROUNDS = Number(process.env.BENCH_TILL_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_TILL_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const PRODUCTS = Number(process.env.BENCH_TILL_PRODUCTS ?? 10_000);
const RATE = 1_000;
const CONNECTIONS = 50;
const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000'];
const KINDS = (process.env.BENCH_TILL_KINDS ?? 'postgres,pglite')
  .split(',')
  .filter((k): k is Kind => k === 'pglite' || k === 'postgres');

declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    overallRate?: number;
    requests?: (RequestParams & { setupRequest?: (request: RequestParams) => RequestParams })[];
  }
}

type Kind = 'pglite' | 'postgres';
const label = (kind: Kind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** Four lines of the demo menu, by name (their object numbers are the menu's refs). */
const LINES = (
  [
    ['Tomato soup', 9, 1],
    ['Beef burger', 24.5, 1],
    ['Cola', 9, 2],
    ['Chips', 19.5, 1],
  ] as const
).map(([name, price, quantity]) => {
  const product = demoProduct(name);
  return { menuItemObjectNumber: product.ref, menuItemName: name, type: product.type, price, quantity };
});

let checks = 0;
/** A till's check as till:simulate sends one: 2 covers, 4 lines of the demo menu, a new check id and PIN. */
function checkBody(): string {
  checks += 1;
  return JSON.stringify({
    branchId: 1 + (checks % 2),
    checkId: `B-${process.pid}-${checks}`,
    pin: String(200_000 + (checks % 700_000)),
    tableId: String(1 + (checks % 60)),
    openedAt: new Date().toISOString(),
    covers: 2,
    subtotal: 62,
    serviceCharge: 7.75,
    server: 'Sam',
    items: LINES,
  });
}

/** A menu of `count` products over 20 major and 50 family groups, every product ref tagged. */
function menuBody(count: number, tag: string): string {
  return JSON.stringify({
    majorGroups: Array.from({ length: 20 }, (_, i) => ({ ref: `M${i}`, name: `Major ${i}` })),
    familyGroups: Array.from({ length: 50 }, (_, i) => ({ ref: `F${i}`, name: `Family ${i}`, weight: i })),
    products: Array.from({ length: count }, (_, i) => ({
      ref: `${tag}${i}`,
      name: `${tag} product ${i} ${['soup', 'steak', 'tart', 'ale', 'salad'][i % 5]}`,
      type: (i % 3) + 1,
      majorGroupRef: i % 7 === 0 ? null : `M${i % 20}`,
      familyGroupRef: `F${i % 50}`,
    })),
  });
}

interface Load extends Result {
  /** Without each connection's first request (decision 0168), ms to a tenth. */
  p99: number;
  /** Answers a second over the run (2xx only). */
  accepted: number;
}

async function load(url: string, key: string, duration: number, rate?: number): Promise<Load> {
  const later: number[] = [];
  const started = new Set<unknown>();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        setupRequest: (request) => ({ ...request, body: checkBody() }),
      },
    ],
  });
  instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
    if (started.has(client)) later.push(ms);
    else started.add(client);
  });
  const result = await instance;
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0 || result['2xx'] === 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  return { ...result, p99: round(percentile(later, 99), 1), accepted: round(result['2xx'] / duration, 0) };
}

async function putMenu(base: string, key: string, body: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(`${base}/api/v1/integrations/menu`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body,
  });
  const took = performance.now() - started;
  if (answer.status !== 200)
    throw new Error(`PUT /integrations/menu: ${answer.status} ${await answer.text()}`);
  return round(took, 0);
}

interface Figures {
  ratedAccepted: number[];
  ratedP99: number[];
  capacity: number[];
  capacityP99: number[];
  menuMs: number[];
}

async function measure(kind: Kind): Promise<Figures> {
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'vv-till-bench-')) : undefined;
  const server = spawnChild(
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', 'bench/lib/till-server.ts'],
    {
      BENCH_KIND: kind,
      ...(dataDir ? { BENCH_PGLITE_DIR: dataDir } : {}),
    },
  );
  try {
    const ready = await waitForLine(server, /READY (\d+) (\S+)/, 180_000);
    const base = `http://127.0.0.1:${ready[1]}`;
    const key = ready[2] ?? '';
    const url = `${base}/api/v1/integrations/transactions`;
    // The answer must be the real one, or the figures mean nothing.
    const first = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: checkBody(),
    });
    if (first.status !== 201) throw new Error(`transactions answered ${first.status}: ${await first.text()}`);

    await load(url, key, WARMUP_SECONDS, RATE);
    const f: Figures = { ratedAccepted: [], ratedP99: [], capacity: [], capacityP99: [], menuMs: [] };
    for (let i = 0; i < ROUNDS; i++) {
      const rated = await load(url, key, SECONDS, RATE);
      const open = await load(url, key, SECONDS);
      // Two menus of all-new refs in turn: each call removes every product and inserts as many.
      const menuMs = await putMenu(base, key, menuBody(PRODUCTS, i % 2 === 0 ? 'A' : 'B'));
      f.ratedAccepted.push(rated.accepted);
      f.ratedP99.push(rated.p99);
      f.capacity.push(open.accepted);
      f.capacityP99.push(open.p99);
      f.menuMs.push(menuMs);
      console.log(
        `${kind} round ${i + 1}: at ${RATE}/s ${rated.accepted} accepted/s p99 ${rated.p99} ms; ` +
          `uncapped ${open.accepted}/s p99 ${open.p99} ms; menu of ${PRODUCTS} replaced in ${menuMs} ms`,
      );
    }
    return f;
  } finally {
    await server.stop(30_000);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const metrics: BenchResult['metrics'] = [];
for (const kind of KINDS) {
  let f: Figures | undefined;
  let failure: string | undefined;
  try {
    f = await measure(kind);
  } catch (err) {
    const message = String((err as Error).message);
    const code = UNREACHABLE.find((c) => message.includes(c));
    if (kind !== 'postgres' || !code) throw err;
    failure = `not measured: PostgreSQL unreachable (${code})`;
  }
  const note = failure ? { note: failure } : {};
  const accepted = f ? median(f.ratedAccepted) : null;
  const p99 = f ? median(f.ratedP99) : null;
  const menuMs = f ? median(f.menuMs) : null;
  metrics.push(
    {
      id: `till.${kind}.transactions-rps`,
      label: `POST /integrations/transactions accepted at ${RATE.toLocaleString('en-GB')}/s offered, ${label(kind)}`,
      value: accepted,
      unit: 'req/s',
      perRun: f?.ratedAccepted ?? [],
      ...(kind === 'postgres'
        ? { goal: checkGoal(accepted, '>=', RATE * 0.98, '≥ 1,000 req/s (98 % of offered)') }
        : {}),
      ...note,
    },
    {
      id: `till.${kind}.transactions-p99`,
      label: `POST /integrations/transactions p99 at ${RATE.toLocaleString('en-GB')}/s, ${label(kind)}`,
      value: p99,
      unit: 'ms',
      perRun: f?.ratedP99 ?? [],
      ...(kind === 'postgres' ? { goal: checkGoal(p99, '<=', 50, '≤ 50 ms') } : {}),
      ...note,
    },
    {
      id: `till.${kind}.transactions-capacity`,
      label: `POST /integrations/transactions uncapped (${CONNECTIONS} connections), ${label(kind)}`,
      value: f ? median(f.capacity) : null,
      unit: 'req/s',
      perRun: f?.capacity ?? [],
      ...(f ? { baseline: { label: 'its p99', value: median(f.capacityP99), unit: 'ms' } } : {}),
      ...note,
    },
    {
      id: `till.${kind}.menu-replace`,
      label: `PUT /integrations/menu, ${PRODUCTS.toLocaleString('en-GB')} products replacing as many, ${label(kind)}`,
      value: menuMs,
      unit: 'ms',
      perRun: f?.menuMs ?? [],
      goal: checkGoal(menuMs, '<=', 2000, '≤ 2,000 ms'),
      ...note,
    },
  );
}

const file = writeResult({
  name: 'till',
  title: "The till's checks and menu",
  ...machine(),
  runs: ROUNDS,
  method: [
    'Server in a child process (bench/lib/till-server.ts: the real app, log level warn, demo seed, one integration key with transactions:write and menu:write) on a fresh PostgreSQL database (BENCH_DATABASE_URL), then on PGlite with a new data dir in a worker thread, as main.ts runs it.',
    `Checks: autocannon in this process, ${CONNECTIONS} connections, each request a new check id at branch 1 or 2 with a PIN, a table and 4 lines; ${SECONDS} s offered at ${RATE.toLocaleString('en-GB')} requests a second (overallRate), then ${SECONDS} s uncapped; a ${WARMUP_SECONDS} s warm-up first. p99 without each connection's first request (decision 0168).`,
    `Menu: PUT /integrations/menu of ${PRODUCTS.toLocaleString('en-GB')} products over 20 major and 50 family groups, timed from request to answer, after each round's checks; rounds alternate two menus with no ref in common, so every call deletes and inserts ${PRODUCTS.toLocaleString('en-GB')} products (the trigram name index included).`,
    `Figures are medians over ${ROUNDS} rounds. The issue's figures are PostgreSQL's; PGlite's are shown beside them.`,
  ],
  metrics,
});
console.log(`wrote ${file}`);
