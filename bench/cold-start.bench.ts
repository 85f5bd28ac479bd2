/**
 * Cold start of the real server on PGlite as `npm start` runs it (node apps/server/dist/main.mjs, the
 * bundle scripts/build-server.mjs makes; decision 0153): time from spawning it to the first 200 from
 * GET /api/health, with an empty data dir (migrate + demo seed) and again on the same data dir
 * (restart). BENCH_CPU_PROF=1 profiles each start (profiles land in bench/results/profiles).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildServer,
  freePort,
  REPO_ROOT,
  SERVER_BUNDLE,
  SERVER_NODE_ARGS,
  serverEnv,
  waitForHealth,
} from '../apps/server/test/support/main-process';
import { spawnChild, waitForLine } from './lib/child';
import { checkGoal, type Metric, machine, RESULTS_DIR, writeResult } from './lib/result';
import { median, msSince, round } from './lib/stats';

const RUNS = 4;
const GOAL_S = 3;
const POLL_MS = 10;
const TIMEOUT_MS = 60_000;
const PROFILES = join(RESULTS_DIR, 'profiles');
// The phase timer, bundled as the server is, so that its imports cost what the server's do. Beside the
// server's bundle: the server finds its files (migrations, the PGlite template) from its bundle's folder.
const PHASES_BUNDLE = join(REPO_ROOT, 'apps/server/dist/start-phases.mjs');

/**
 * CPU seconds (user + system) used so far by a process, all its threads, and all its descendants
 * (tsx, before decision 0153, ran the server in a child node). Read from /proc, so Linux only; NaN
 * elsewhere. Unlike the wall time it hardly moves when other work shares the cores, so it tells a
 * change from a busier machine.
 */
function treeCpuSeconds(rootPid: number): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command name (which may hold spaces) start at state: ppid is the 2nd, utime the 12th.
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) queue.push(child);
  }
  return ticks / 100; // USER_HZ: /proc always counts in hundredths of a second
}

/** Seconds from spawn to the first 200 of /api/health, and CPU seconds the server used by then. */
async function startOnce(dataDir: string): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  // Node refuses --cpu-prof in NODE_OPTIONS: given on its command line.
  const profile = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES}`] : [];
  const start = process.hrtime.bigint();
  const server = spawnChild(
    process.execPath,
    [...SERVER_NODE_ARGS, ...profile, SERVER_BUNDLE],
    serverEnv({ port, dataDir }),
  );
  try {
    const output = server.stderr;
    await waitForHealth(`http://127.0.0.1:${port}`, server.process, {
      limitMs: TIMEOUT_MS,
      pollMs: POLL_MS,
      output,
    });
    const wall = round(msSince(start) / 1000, 3);
    return { wall, cpu: server.process.pid ? treeCpuSeconds(server.process.pid) : Number.NaN };
  } finally {
    await server.stop(10_000);
  }
}

// Built once before any timing, as the web app's build is: npm start builds only when sources changed.
buildServer();
buildServer(['bench/lib/start-phases.ts', PHASES_BUNDLE]);

const empty: number[] = [];
const restart: number[] = [];
const emptyCpu: number[] = [];
const restartCpu: number[] = [];
// One untimed start first: it fills the OS file cache and makes the install's PGlite template
// (decision 0126) if it is missing, as any earlier start would.
const warm = mkdtempSync(join(tmpdir(), 'vv-cold-'));
try {
  await startOnce(warm);
} finally {
  rmSync(warm, { recursive: true, force: true });
}
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vv-cold-'));
  try {
    const first = await startOnce(dataDir);
    const again = await startOnce(dataDir);
    empty.push(first.wall);
    emptyCpu.push(first.cpu);
    restart.push(again.wall);
    restartCpu.push(again.cpu);
    console.log(
      `run ${i + 1}: empty data dir ${first.wall} s (CPU ${first.cpu} s), existing data dir ${again.wall} s (CPU ${again.cpu} s)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Phase timings of one start in a fresh process (bench/lib/start-phases.ts mirrors main.ts). */
async function phasesOnce(dataDir: string): Promise<Record<string, number>> {
  const child = spawnChild(process.execPath, [PHASES_BUNDLE, dataDir], {
    SPAWNED_AT: String(Date.now()),
    DATABASE_URL: '',
  });
  const line = await waitForLine(child, /^PHASES (\{.*\})$/m, TIMEOUT_MS);
  await child.stop();
  return JSON.parse(line[1] ?? '{}') as Record<string, number>;
}

const PHASE_RUNS = 3;
const phaseRuns: { empty: Record<string, number>; existing: Record<string, number> }[] = [];
for (let i = 0; i < PHASE_RUNS; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vv-phases-'));
  try {
    phaseRuns.push({ empty: await phasesOnce(dataDir), existing: await phasesOnce(dataDir) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const phaseTable = (which: 'empty' | 'existing') =>
  Object.keys(phaseRuns[0]?.[which] ?? {})
    .map((phase) => `${String(median(phaseRuns.map((r) => r[which][phase] ?? 0))).padStart(6)} ms  ${phase}`)
    .join('\n');

const metric = (id: string, label: string, values: number[]): Metric => {
  const value = median(values);
  return {
    id,
    label,
    value,
    unit: 's',
    perRun: values,
    goal: checkGoal(value, '<=', GOAL_S, `≤ ${GOAL_S} s`),
  };
};
const file = writeResult({
  name: 'cold-start',
  title: 'Cold start to first answered request (PGlite)',
  ...machine(),
  runs: RUNS,
  method: [
    'Spawns node apps/server/dist/main.mjs, the bundle npm start builds and runs (decision 0153; built once before the timed starts, as npm start builds only when sources changed), with PORT a free port, HOST 127.0.0.1, a fresh temporary DATA_DIR, LOG_LEVEL warn, no DATABASE_URL, and polls GET /api/health every 10 ms until it answers 200.',
    "Empty data dir: a copy of the install's demo template cluster (migrations and demo seed applied, decision 0165), its receipts dated and its passcode sealed at start. Existing data dir: the same dir started again after a clean SIGTERM stop.",
    `One untimed start first (file cache warm, and the install's PGlite demo template made if missing, as any earlier start of the install would have: decisions 0126, 0165), then ${RUNS} pairs of starts; figures are medians.`,
    'The time includes node loading the bundle, and serving the built web app when apps/web/dist exists. The phases come from bench/lib/start-phases.ts bundled the same way.',
  ],
  metrics: [
    metric('cold-start.empty', 'cold start, empty data dir (copy of the demo template)', empty),
    metric('cold-start.restart', 'cold start, existing data dir (restart)', restart),
  ],
  details: [
    {
      title:
        'CPU time of the server process (user + system, all its threads) until the first answer, per run',
      text: [
        `empty data dir:    ${emptyCpu.join(', ')} s (median ${round(median(emptyCpu), 2)} s)`,
        `existing data dir: ${restartCpu.join(', ')} s (median ${round(median(restartCpu), 2)} s)`,
        'Where the wall time far exceeds this, the process waited for the cores (other work on the machine).',
      ].join('\n'),
    },
    {
      title: `Phases of a start, empty data dir (median of ${PHASE_RUNS} fresh processes, bench/lib/start-phases.ts)`,
      text: phaseTable('empty'),
    },
    {
      title: `Phases of a start, existing data dir (median of ${PHASE_RUNS} fresh processes)`,
      text: phaseTable('existing'),
    },
  ],
});
console.log(`wrote ${file}`);
