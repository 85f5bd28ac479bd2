/**
 * The console's reports on a long history (issue 29): a fresh PostgreSQL database (BENCH_DATABASE_URL)
 * with the demo and `seed:responses` 1,000,000 (the seed itself timed), then the p95 of
 * GET /console/reports/summary for one branch over 90 days and the whole company over 2 years and of the
 * dish report (one branch, 90 days) and the inbox's first page with three filters, through
 * the real server in a child process, signed in as the demo owner; then PGlite with 100,000 responses
 * and the same summary. Requests are sequential (one operator reading), after a warm-up.
 * A call whose route the server does not have yet (another part of issue 29) is reported as not
 * measured, never failed. BENCH_REPORTS_COUNT and BENCH_REPORTS_PGLITE_COUNT change the sizes (a quick
 * look); BENCH_REPORTS_KINDS=postgres (or pglite) measures one database only; BENCH_EXPORT_IN_THREAD=1
 * exports in the server's thread (before decision 0262), for an A/B on one machine.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCodes } from '@venue-voice/domain';
import { DEMO_SIGN_INS } from '../apps/server/src/db/seed/demo-operators';
import { SERVER_NODE_ARGS } from '../apps/server/test/support/main-process';
import { spawnChild, waitForLine } from './lib/child';
import { type BenchResult, checkGoal, type Metric, machine, writeResult } from './lib/result';
import { percentile, round } from './lib/stats';

type Kind = 'pglite' | 'postgres';
const SIZES: Record<Kind, number> = {
  postgres: Number(process.env.BENCH_REPORTS_COUNT ?? 1_000_000),
  pglite: Number(process.env.BENCH_REPORTS_PGLITE_COUNT ?? 100_000),
};
const KINDS = (process.env.BENCH_REPORTS_KINDS ?? 'postgres,pglite')
  .split(',')
  .filter((k): k is Kind => k === 'pglite' || k === 'postgres');
const WARMUP = 10;
const REQUESTS = Number(process.env.BENCH_REPORTS_REQUESTS ?? 100);
const SEED_GOAL_S = 180;
const CONSOLE = '/api/v1/console';

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
/** The last N days up to yesterday (the history ends there). */
const lastDays = (n: number) => ({ from: day(n), to: day(1) });

interface Call {
  id: string;
  label: string;
  path: string;
  goalMs: number | null;
}

const summary = (query: Record<string, string>) => `${CONSOLE}/reports/summary?${new URLSearchParams(query)}`;
const CALLS: Record<Kind, Call[]> = {
  postgres: [
    {
      id: 'summary-branch-90d',
      label: 'reports/summary, one branch, 90 days (PostgreSQL)',
      path: summary({ ...lastDays(90), branchId: '1' }),
      goalMs: 50,
    },
    {
      id: 'summary-company-2y',
      label: 'reports/summary, the whole company, 2 years (PostgreSQL)',
      path: summary(lastDays(730)),
      goalMs: 200,
    },
    {
      id: 'dishes-branch-90d',
      label: 'dish report, one branch, 90 days, per product (PostgreSQL)',
      path: `${CONSOLE}/reports/dishes?${new URLSearchParams({ ...lastDays(90), branchId: '1' })}`,
      goalMs: 100,
    },
    {
      id: 'inbox-three-filters',
      label: 'inbox first page, three filters: 90 days, one branch, NPS detractors (PostgreSQL)',
      path: `${CONSOLE}/responses?${new URLSearchParams({ ...lastDays(90), branchId: '1', nps: 'detractor' })}`,
      goalMs: 50,
    },
  ],
  pglite: [
    {
      id: 'summary-company-2y-pglite',
      label: 'reports/summary, the whole company, 2 years (PGlite)',
      path: summary(lastDays(730)),
      goalMs: 200,
    },
    {
      id: 'summary-branch-90d-pglite',
      label: 'reports/summary, one branch, 90 days (PGlite)',
      path: summary({ ...lastDays(90), branchId: '1' }),
      goalMs: null,
    },
  ],
};

async function signIn(base: string): Promise<string> {
  const owner = DEMO_SIGN_INS.owner;
  const answer = await fetch(`${base}${CONSOLE}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('vv_console='));
  if (answer.status !== 200 || !cookie)
    throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  return cookie.split(';')[0] as string;
}

/** The server's answer to a route it does not have (404, UNKNOWN_ROUTE), not a refusal of a real call. */
const unknownRoute = (status: number, body: string) =>
  status === 404 && body.includes(`"code":${ErrorCodes.UNKNOWN_ROUTE}`);

/** The p95 of a call over REQUESTS sequential requests, or null when the server has no such route yet. */
async function p95(
  base: string,
  cookie: string,
  path: string,
): Promise<{ p95: number | null; note?: string }> {
  const get = () => fetch(`${base}${path}`, { headers: { cookie, origin: base } });
  const first = await get();
  const body = await first.text();
  if (unknownRoute(first.status, body)) return { p95: null, note: 'route not on this branch yet' };
  if (first.status !== 200) throw new Error(`${path} answered ${first.status}: ${body.slice(0, 300)}`);
  for (let i = 0; i < WARMUP; i++) await (await get()).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const answer = await get();
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  }
  return { p95: round(percentile(times, 95), 1) };
}

/** Resident set size of a process in MB (Linux /proc), or null where there is none. */
function rssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** The export processes (decision 0262) the server `pid` has started and that are still running. */
function exportProcessesOf(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent's pid (after the command in parentheses, which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('export-process'))
        found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

/** A process's peak resident set size so far in MB (VmHWM), or null once it is gone. */
function peakRssMb(pid: number): number | null {
  try {
    const kb = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/**
 * The CSV export of every response: the time to read the whole file, how far the server's RSS rose
 * above where it was before the request, and the peak RSS of the export process that wrote it (on
 * PostgreSQL, decision 0262: the work's memory moved there, bounded, and given back when it exits);
 * sampled every 100 ms.
 */
async function csvExport(base: string, cookie: string, pid: number | undefined) {
  const before = rssMb(pid);
  let peak = before ?? 0;
  const processPeaks = new Map<number, number>();
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
    for (const child of exportProcessesOf(pid))
      processPeaks.set(child, Math.max(processPeaks.get(child) ?? 0, peakRssMb(child) ?? 0));
  }, 100);
  const started = performance.now();
  try {
    const answer = await fetch(`${base}${CONSOLE}/responses/export?format=csv`, {
      headers: { cookie, origin: base },
    });
    if (unknownRoute(answer.status, await answer.clone().text()))
      return {
        seconds: null,
        growthMb: null,
        processPeakMb: null,
        bytes: 0,
        note: 'route not on this branch yet',
      };
    if (answer.status !== 200 || !answer.body) throw new Error(`export answered ${answer.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      // Buffer's indexOf, not a loop over each byte: the client's own CPU would slow the export it measures.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMb(pid) ?? 0);
    const processPeak = processPeaks.size === 0 ? null : Math.max(...processPeaks.values());
    return {
      seconds: round(seconds, 1),
      growthMb: before === null ? null : round(peak - before, 0),
      processPeakMb: processPeak === null ? null : round(processPeak, 0),
      processes: processPeaks.size,
      bytes,
      lines,
    };
  } finally {
    clearInterval(timer);
  }
}

async function measure(kind: Kind): Promise<{ metrics: Metric[]; detail: string }> {
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'vv-reports-bench-')) : undefined;
  const server = spawnChild(
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', 'bench/lib/reports-server.ts'],
    {
      BENCH_KIND: kind,
      BENCH_REPORTS_COUNT: String(SIZES[kind]),
      ...(dataDir ? { BENCH_PGLITE_DIR: dataDir } : {}),
    },
  );
  server.process.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  try {
    const seeded = await waitForLine(server, /SEEDED ([\d.]+) (\d+) (\d+)/, 30 * 60_000);
    const [seedSeconds, stored, mb] = [Number(seeded[1]), Number(seeded[2]), Number(seeded[3])];
    const ready = await waitForLine(server, /READY (\d+)/, 120_000);
    const base = `http://127.0.0.1:${ready[1]}`;
    const cookie = await signIn(base);
    const size = SIZES[kind].toLocaleString('en-GB');
    const metrics: Metric[] = [
      {
        id: kind === 'postgres' ? 'seed-responses' : 'seed-responses-pglite',
        label: `seed:responses -- ${size} (${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
        value: round(seedSeconds, 1),
        unit: 's',
        perRun: [round(seedSeconds, 1)],
        ...(kind === 'postgres'
          ? { goal: checkGoal(seedSeconds, '<=', SEED_GOAL_S, `≤ ${SEED_GOAL_S} s`) }
          : {}),
      },
    ];
    for (const call of CALLS[kind]) {
      const { p95: value, note } = await p95(base, cookie, call.path);
      console.log(`${call.label}: ${value === null ? note : `p95 ${value} ms`}`);
      metrics.push({
        id: call.id,
        label: `${call.label}, ${size} responses`,
        value,
        unit: 'ms',
        perRun: value === null ? [] : [value],
        ...(call.goalMs === null
          ? {}
          : { goal: checkGoal(value, '<=', call.goalMs, `p95 ≤ ${call.goalMs} ms`) }),
        ...(note ? { note } : {}),
      });
    }
    let exported = '';
    if (kind === 'postgres') {
      const csv = await csvExport(base, cookie, server.process.pid);
      console.log(`CSV export: ${JSON.stringify(csv)}`);
      const note = 'note' in csv ? csv.note : undefined;
      metrics.push(
        {
          id: 'export-csv',
          label: `CSV export of all ${stored.toLocaleString('en-GB')} responses (PostgreSQL)`,
          value: csv.seconds,
          unit: 's',
          perRun: csv.seconds === null ? [] : [csv.seconds],
          goal: checkGoal(csv.seconds, '<=', 30, '≤ 30 s'),
          ...(note ? { note } : {}),
        },
        {
          id: 'export-csv-memory',
          label: 'server memory growth during that export (RSS, PostgreSQL)',
          value: csv.growthMb,
          unit: 'MB',
          perRun: csv.growthMb === null ? [] : [csv.growthMb],
          goal: checkGoal(csv.growthMb, '<=', 100, '≤ 100 MB'),
          ...(note ? { note } : {}),
        },
        {
          id: 'export-csv-process-memory',
          label: 'peak memory of the export process that wrote it (its own RSS, PostgreSQL; decision 0262)',
          value: csv.processPeakMb,
          unit: 'MB',
          perRun: csv.processPeakMb === null ? [] : [csv.processPeakMb],
          ...(note
            ? { note }
            : csv.processPeakMb === null
              ? { note: 'no export process seen: the export ran in the server’s thread' }
              : {}),
        },
      );
      if ('lines' in csv)
        exported = `, CSV export ${(csv.bytes / 1048576).toFixed(0)} MB in ${csv.lines} lines`;
    }
    return {
      metrics,
      detail: `${kind}: ${stored} responses stored (demo's included), database ${mb} MB${exported}`,
    };
  } finally {
    await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const metrics: Metric[] = [];
const details: string[] = [];
for (const kind of KINDS) {
  console.log(`reports on ${kind}: seeding ${SIZES[kind].toLocaleString('en-GB')} responses`);
  const measured = await measure(kind);
  metrics.push(...measured.metrics);
  details.push(measured.detail);
}
const result: BenchResult = {
  name: 'reports',
  title: 'Reports on a long history (issue 29)',
  ...machine(),
  runs: 1,
  method: [
    'A fresh database per kind: the demo seed, then `seed:responses` over the last 730 days (seed 29), written already folded; its time is the seed row (PostgreSQL goal ≤ 3 min for 1,000,000).',
    'Then ANALYZE, and the real app in a child process (as npm start runs it), signed in as the demo owner over HTTP.',
    `Each call: ${WARMUP} warm-up requests, then ${REQUESTS} sequential ones; the figure is their p95 (client-side, whole request).`,
    'The inbox row reads its first page (default size) with three filters; the dish report row one branch over 90 days, per product.',
    'The CSV export reads every response (no filter) to the end; the memory figure is the server process RSS at its highest during the export less its RSS just before.',
    'On PostgreSQL that export is written by an export process of its own (decision 0262); its figure is that process’s peak RSS (VmHWM, sampled every 100 ms while it runs): the work’s memory, moved out of the server and given back when it exits.',
    'A call answered 404 with the unknown-route code (no such route yet) is shown as not measured.',
  ],
  metrics,
  details: [{ title: 'Databases', text: details.join('\n') }],
};
console.log(`wrote ${writeResult(result)}`);
