/**
 * Cold start of the real server on PGlite: time from spawning `tsx apps/server/src/main.ts` to the
 * first 200 from GET /api/health, with an empty data dir (migrate + demo seed) and again on the same
 * data dir (restart). BENCH_CPU_PROF=1 profiles each start (profiles land in bench/results/profiles).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnChild, waitForLine } from './lib/child';
import { checkGoal, type Metric, machine, writeResult } from './lib/result';
import { median, msSince, round } from './lib/stats';

const RUNS = 4;
const GOAL_S = 3;
const POLL_MS = 10;
const TIMEOUT_MS = 60_000;

/** A port nobody listens on right now (the OS picks it; we close before the server takes it). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Seconds from spawn to the first 200 of /api/health; the server is stopped before returning. */
async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const profile = process.env.BENCH_CPU_PROF === '1';
  const start = process.hrtime.bigint();
  const server = spawnChild('node_modules/.bin/tsx', ['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...(profile ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=bench/results/profiles' } : {}),
  });
  try {
    for (;;) {
      if (server.process.exitCode !== null) throw new Error(`server exited early:\n${server.stderr()}`);
      if (msSince(start) > TIMEOUT_MS)
        throw new Error(`no answer after ${TIMEOUT_MS} ms:\n${server.stderr()}`);
      const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (res?.status === 200) return round(msSince(start) / 1000, 3);
      await res?.body?.cancel();
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    await server.stop(10_000);
  }
}

const empty: number[] = [];
const restart: number[] = [];
// One untimed start first: it fills the OS file cache and tsx's transform cache, as any earlier start would.
const warm = mkdtempSync(join(tmpdir(), 'vv-cold-'));
try {
  await startOnce(warm);
} finally {
  rmSync(warm, { recursive: true, force: true });
}
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vv-cold-'));
  try {
    empty.push(await startOnce(dataDir));
    restart.push(await startOnce(dataDir));
    console.log(`run ${i + 1}: empty data dir ${empty.at(-1)} s, existing data dir ${restart.at(-1)} s`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Phase timings of one start in a fresh process (bench/lib/start-phases.ts mirrors main.ts). */
async function phasesOnce(dataDir: string): Promise<Record<string, number>> {
  const child = spawnChild('node_modules/.bin/tsx', ['bench/lib/start-phases.ts', dataDir], {
    SPAWNED_AT: String(Date.now()),
    DATABASE_URL: '',
  });
  const line = await waitForLine(child, /^\{.*\}$/m, TIMEOUT_MS);
  await child.stop();
  return JSON.parse(line[0]) as Record<string, number>;
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
    'Spawns node_modules/.bin/tsx apps/server/src/main.ts (PORT a free port, HOST 127.0.0.1, a fresh temporary DATA_DIR, LOG_LEVEL warn, no DATABASE_URL) and polls GET /api/health every 10 ms until it answers 200.',
    'Empty data dir: PGlite creates its files, runs the migrations and the demo seed. Existing data dir: the same dir started again after a clean SIGTERM stop.',
    `One untimed start first (file cache and tsx transform cache warm), then ${RUNS} pairs of starts; figures are medians.`,
    'The time includes tsx loading and transforming the TypeScript sources, and serving the built web app when apps/web/dist exists.',
  ],
  metrics: [
    metric('cold-start.empty', 'cold start, empty data dir (migrate + seed)', empty),
    metric('cold-start.restart', 'cold start, existing data dir (restart)', restart),
  ],
  details: [
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
