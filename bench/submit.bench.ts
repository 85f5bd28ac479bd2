/**
 * survey.submit create under load at 100 connections, beside a plain INSERT of the same row through
 * the same app and database in the same run, on PGlite and on PostgreSQL (BENCH_DATABASE_URL, a fresh
 * vv_bench_<random> database, always dropped). The server runs in a child process (one core),
 * autocannon in this one; every request carries a new guid, so every create really stores a row.
 * The server's resident memory is sampled from /proc while the creates run.
 * PGlite runs on a data dir in the OS temp folder, removed afterwards, in a worker thread of the server,
 * as the server runs it (decisions 0147, 0155); BENCH_PGLITE_MEMORY=1 runs it in memory in the server's
 * own thread instead, as before (its file system copies a whole file each time the file grows, which the
 * profile showed as the tail).
 * BENCH_CPU_PROF=1 starts the server with --cpu-prof (profiles land in bench/results/profiles);
 * BENCH_SUBMIT_KINDS=pglite (or postgres) measures one database only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { SERVER_NODE_ARGS } from '../apps/server/test/support/main-process';
import { spawnChild, waitForLine } from './lib/child';
import { DEMO_SUBMIT_HEADERS, demoCreateBody } from './lib/demo-create';
import { type BenchResult, checkGoal, machine, writeResult } from './lib/result';
import { median, percentile, round } from './lib/stats';

const ROUNDS = 5;
const SECONDS = 5;
const WARMUP_SECONDS = 3;
const CONNECTIONS = 100;
const UNREACHABLE = ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '28P01', '3D000'];
const RSS_SAMPLE_MS = 100;
/**
 * RSS ceilings (justified in the method text): the server's own budget is 512 MB, half of a 1 GB
 * instance; with PGlite in memory the database engine and its files live in the process too, 1 GB more.
 */
const SERVER_RSS_MB = 512;
const RSS_CEILING_MB: Record<Kind, number> = { postgres: SERVER_RSS_MB, pglite: SERVER_RSS_MB + 1024 };
const profile = process.env.BENCH_CPU_PROF === '1';
const pgliteInMemory = process.env.BENCH_PGLITE_MEMORY === '1';
const KINDS = (process.env.BENCH_SUBMIT_KINDS ?? 'pglite,postgres')
  .split(',')
  .filter((k): k is Kind => k === 'pglite' || k === 'postgres');

// bench/lib/autocannon.d.ts covers plain URLs; this bench also sends a body made per request.
declare module 'autocannon' {
  interface RequestParams {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    requests?: (RequestParams & { setupRequest?: (request: RequestParams) => RequestParams })[];
  }
}

type Kind = 'pglite' | 'postgres';
const label = (kind: Kind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

/**
 * autocannon's result, and the p99 without each connection's first request (decision 0168): autocannon
 * writes that request into a socket it has only begun to open, while it still builds its other clients,
 * so its time includes the load generator's own start (30–50 ms before the server sees it).
 */
interface Load extends Result {
  /** ms, to a tenth (autocannon's own p99, over every request, is in whole ms). */
  p99: number;
}

async function load(url: string, duration: number): Promise<Load> {
  const later: number[] = [];
  const started = new Set<unknown>();
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
    requests: [
      {
        method: 'POST',
        headers: DEMO_SUBMIT_HEADERS,
        // A new guid per request: an idempotent replay would measure a read, not a create.
        setupRequest: (request) => ({ ...request, body: demoCreateBody() }),
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
  return { ...result, p99: round(percentile(later, 99), 1) };
}

/** Resident set size of a process in MB (Linux /proc), or null where there is no /proc. */
function rssMb(pid: number): number | null {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** CPU time (user + system) the process has used so far, ms (Linux /proc, clock ticks of 10 ms), or null. */
function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** A load and the server's CPU time per answered request during it (null without /proc). */
async function loadWithCpu(pid: number | undefined, url: string): Promise<[Load, number | null]> {
  const before = cpuMs(pid);
  const result = await load(url, SECONDS);
  const after = cpuMs(pid);
  const answered = result['2xx'];
  return [result, before === null || after === null ? null : (after - before) / answered];
}

/** Runs `work` while sampling the process's RSS; answers its result and the highest sample. */
async function withPeakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, number | null]> {
  let peak: number | null = null;
  const sample = () => {
    const mb = pid === undefined ? null : rssMb(pid);
    if (mb !== null) peak = Math.max(peak ?? 0, mb);
  };
  sample();
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  try {
    const result = await work();
    sample();
    return [result, peak];
  } finally {
    clearInterval(timer);
  }
}

interface KindFigures {
  /** The server process's CPU time per answered request (its own, not the database's), ms. */
  submitCpu: number[];
  plainCpu: number[];
  /** Highest RSS of the server during each round's submit load, MB. */
  submitRss: number[];
  /** RSS once the server is ready (seeded, voucher pool loaded), before any load, MB. */
  readyRss: number | null;
  submitRps: number[];
  plainRps: number[];
  /** Without each connection's first request (Load.p99). */
  submitP99: number[];
  /** autocannon's own, over every request (whole ms). */
  submitEveryP99: number[];
  plainP99: number[];
  ratios: number[];
  stats: { creates: number; plain: number; vouchers: number; databaseMb: number; walMb: number };
}

async function measure(kind: Kind): Promise<KindFigures> {
  const nodeArgs = [
    // As npm start runs the server (decision 0160).
    ...SERVER_NODE_ARGS,
    ...(profile ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles'] : []),
    '--import',
    'tsx',
    'bench/lib/submit-server.ts',
  ];
  // PGlite as the server runs it: its files in a data dir (decision 0147), a fresh one per run.
  const dataDir =
    kind === 'pglite' && !pgliteInMemory ? mkdtempSync(join(tmpdir(), 'vv-submit-bench-')) : undefined;
  const server = spawnChild(process.execPath, nodeArgs, {
    BENCH_KIND: kind,
    ...(dataDir ? { BENCH_PGLITE_DIR: dataDir } : {}),
  });
  const pid = server.process.pid;
  try {
    const ready = await waitForLine(server, /READY (\d+)/, 180_000);
    const readyRss = pid === undefined ? null : rssMb(pid);
    const base = `http://127.0.0.1:${ready[1]}`;
    const submit = `${base}/api/v1/survey/submit`;
    const plain = `${base}/bench/plain-insert`;

    // The answer must be the real one, or the figures mean nothing.
    const check = await fetch(submit, {
      method: 'POST',
      headers: DEMO_SUBMIT_HEADERS,
      body: demoCreateBody(),
    });
    const answer = (await check.json()) as { data?: { id?: number; secret?: string; voucher?: unknown } };
    if (check.status !== 200 || !answer.data?.secret || !answer.data.voucher) {
      throw new Error(`survey.submit answered ${check.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    }

    await load(plain, WARMUP_SECONDS);
    await load(submit, WARMUP_SECONDS);
    const f: KindFigures = {
      submitRss: [],
      readyRss,
      submitCpu: [],
      plainCpu: [],
      submitRps: [],
      plainRps: [],
      submitP99: [],
      submitEveryP99: [],
      plainP99: [],
      ratios: [],
      stats: { creates: 0, plain: 0, vouchers: 0, databaseMb: 0, walMb: 0 },
    };
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first so growth of the table or heat does not favour one side.
      const plainFirst = i % 2 === 0;
      let s: Load | undefined;
      let p: Load | undefined;
      let rss: number | null = null;
      let submitCpu: number | null = null;
      let plainCpu: number | null = null;
      for (const url of plainFirst ? [plain, submit] : [submit, plain]) {
        if (url === plain) [p, plainCpu] = await loadWithCpu(pid, plain);
        else [[s, submitCpu], rss] = await withPeakRss(pid, () => loadWithCpu(pid, submit));
      }
      if (!s || !p) throw new Error('a round without both measurements');
      f.submitEveryP99.push(s.latency.p99);
      if (rss !== null) f.submitRss.push(round(rss, 0));
      if (submitCpu !== null && plainCpu !== null) {
        f.submitCpu.push(round(submitCpu, 3));
        f.plainCpu.push(round(plainCpu, 3));
      }
      f.submitRps.push(s.requests.average);
      f.plainRps.push(p.requests.average);
      f.submitP99.push(s.p99);
      f.plainP99.push(p.p99);
      f.ratios.push(s.requests.average / p.requests.average);
      console.log(
        `${kind} round ${i + 1}: submit ${s.requests.average} req/s p99 ${s.p99} ms (every request ${s.latency.p99} ms) ` +
          `(server RSS peak ${rss === null ? '?' : Math.round(rss)} MB, CPU ${submitCpu?.toFixed(3)} ms/req); ` +
          `plain insert ${p.requests.average} req/s p99 ${p.p99} ms (CPU ${plainCpu?.toFixed(3)} ms/req)`,
      );
    }
    f.stats = (await (await fetch(`${base}/bench/stats`)).json()) as KindFigures['stats'];
    return f;
  } finally {
    await server.stop(30_000);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const metrics: BenchResult['metrics'] = [];
const notes: string[] = [];
for (const kind of KINDS) {
  let f: KindFigures | undefined;
  let failure: string | undefined;
  try {
    f = await measure(kind);
    notes.push(
      `${label(kind)}: ${f.stats.creates} creates and ${f.stats.plain} plain rows stored, ${f.stats.vouchers} voucher codes given; ` +
        `at the end the database was ${f.stats.databaseMb} MB and its WAL ${f.stats.walMb} MB; server RSS when ready ${f.readyRss === null ? '?' : Math.round(f.readyRss)} MB.`,
    );
    if (f.submitCpu.length > 0) {
      notes.push(
        `${label(kind)}: server CPU time per answered request (its own process${kind === 'pglite' ? ', PGlite included' : ', not PostgreSQL'}), median of rounds: ` +
          `create ${median(f.submitCpu).toFixed(3)} ms, plain insert ${median(f.plainCpu).toFixed(3)} ms ` +
          `(per run: ${f.submitCpu.join(', ')}; ${f.plainCpu.join(', ')}). It moves far less than req/s with other load on the machine.`,
      );
    }
  } catch (err) {
    // A PostgreSQL that is not there is reported, not fatal: the PGlite figures still stand.
    const message = String((err as Error).message);
    const code = UNREACHABLE.find((c) => message.includes(c));
    if (kind !== 'postgres' || !code) throw err;
    failure = `not measured: PostgreSQL unreachable (${code})`;
  }
  const rps = f ? round(median(f.submitRps), 0) : null;
  const ratio = f ? round(median(f.ratios), 3) : undefined;
  const p99 = f ? median(f.submitP99) : null;
  const rpsGoal =
    kind === 'pglite'
      ? checkGoal(rps, '>=', 1500, '≥ 1,500 req/s')
      : checkGoal(ratio ?? null, '>=', 0.8, '≥ 0.8× plain insert');
  metrics.push({
    id: `submit.${kind}.rps`,
    label: `survey.submit create throughput, ${label(kind)}`,
    value: rps,
    unit: 'req/s',
    perRun: f?.submitRps ?? [],
    ...(f ? { baseline: { label: 'plain insert', value: round(median(f.plainRps), 0), unit: 'req/s' } } : {}),
    ...(ratio !== undefined ? { ratio } : {}),
    goal: rpsGoal,
    ...(failure ? { note: failure } : {}),
  });
  metrics.push({
    id: `submit.${kind}.p99`,
    label: `survey.submit create p99 latency, ${label(kind)}`,
    value: p99,
    unit: 'ms',
    perRun: f?.submitP99 ?? [],
    ...(f ? { baseline: { label: 'plain insert p99', value: median(f.plainP99), unit: 'ms' } } : {}),
    goal: checkGoal(p99, '<=', 50, '≤ 50 ms'),
    ...(failure ? { note: failure } : {}),
  });
  metrics.push({
    id: `submit.${kind}.p99-every`,
    label: `survey.submit create p99 latency, every request (autocannon's, each connection's first included), ${label(kind)}`,
    value: f ? median(f.submitEveryP99) : null,
    unit: 'ms',
    perRun: f?.submitEveryP99 ?? [],
    ...(failure ? { note: failure } : {}),
  });
  const rss = f && f.submitRss.length > 0 ? median(f.submitRss) : null;
  metrics.push({
    id: `submit.${kind}.rss`,
    label: `server memory (RSS) under the submit load, ${label(kind)}`,
    value: rss,
    unit: 'MB',
    perRun: f?.submitRss ?? [],
    ...(f?.readyRss != null
      ? { baseline: { label: 'RSS when ready, before load', value: round(f.readyRss, 0), unit: 'MB' } }
      : {}),
    goal: checkGoal(rss, '<=', RSS_CEILING_MB[kind], `≤ ${RSS_CEILING_MB[kind].toLocaleString('en-GB')} MB`),
    ...(failure ? { note: failure } : f && rss === null ? { note: 'not measured: no /proc' } : {}),
  });
}

const file = writeResult({
  name: 'submit',
  title: 'survey.submit create under load',
  ...machine(),
  runs: ROUNDS,
  method: [
    'POST /api/v1/survey/submit {type: create} (web, demo-bistro, a new guid per request, realistic answers) against POST /bench/plain-insert on the same app: one INSERT of the same response row, no validation, context, hash, secret or voucher.',
    `Server in a child process (log level warn, slug lookups cached for CONFIG_CACHE_TTL_MS as main.ts runs it) on PGlite ${pgliteInMemory ? 'in memory (BENCH_PGLITE_MEMORY=1)' : 'with a new data dir in the OS temp folder, in a worker thread of the server, as main.ts runs it (DATA_DIR; decisions 0147, 0155)'}, then on a fresh PostgreSQL database (BENCH_DATABASE_URL, pool of 10 connections); autocannon in the parent process.`,
    `autocannon: ${CONNECTIONS} connections, no pipelining, ${SECONDS} s per measurement after a ${WARMUP_SECONDS} s warm-up of each route; ${ROUNDS} rounds alternating the order; figures are medians over rounds, the ratio the median of per-round ratios.`,
    'Each create is the instant-win draw, then one statement (shared with the creates that arrive while the previous one runs, decision 0120): insert on conflict (guid) do nothing and a voucher code taken with skip locked (pools large enough for every create).',
    `Server memory: the server's resident set (VmRSS in /proc) sampled every ${RSS_SAMPLE_MS} ms during each round's submit load; the figure is the median of the rounds' peaks.`,
    `RSS ceiling, PostgreSQL: ${SERVER_RSS_MB} MB, half of a 1 GB instance (the smallest a venue would be offered), leaving the rest to the OS and to a second replica started during a deploy; the load holds at most 100 requests and 100 creates in flight, so anything above this is a leak, not load.`,
    `RSS ceiling, PGlite: ${SERVER_RSS_MB} MB for the server plus 1,024 MB for PGlite, which lives in the same process: its WebAssembly memory (grown by the 300,000-code pool the bench loads, and never given back) and, in memory mode only, every table, index and WAL segment (sizes below); with a data dir those are files on disk.`,
    ...notes,
    `p99 (goal rows, and the plain insert's): every answer's own time (autocannon's response event, to a tenth of a millisecond) but each connection's first (decision 0168). Each measurement is a new autocannon run that opens its ${CONNECTIONS} connections at once; it writes each connection's first request into a socket still opening, while it goes on building its other clients, so that request's time starts 30–50 ms before the server sees it (server-side, that wave is answered 22–26 ms after it arrives). The row "every request" is autocannon's own p99 (whole ms), with them.`,
  ],
  metrics,
});
console.log(`wrote ${file}`);
