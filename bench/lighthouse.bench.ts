/**
 * Lighthouse, mobile, Slow 4G, on /demo-bistro served by the real server (PGlite, demo seed), and a
 * repeat visit once the service worker has precached the app. Chromium is Debian's (CHROME_PATH).
 * The web app is built for this bench in a temporary folder unless BENCH_WEB_DIST names a build.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHROME_PATH,
  type LighthouseFigures,
  launchChrome,
  notThrottled,
  runLighthouse,
  THROTTLED_FROM,
  waitForServiceWorker,
} from './lib/lighthouse-run';
import { startServer, type WebBuild, webBuild } from './lib/lighthouse-server';
import { SLOW_4G, startThrottle } from './lib/lighthouse-throttle';
import { checkGoal, type Metric, machine, REPO_ROOT, RESULTS_DIR, writeResult } from './lib/result';
import { median, round } from './lib/stats';

// Nine, not five: a run's TBT alone spread 21–176 ms within one quiet hour, and a median of five moved with it (0159).
const COLD_RUNS = 9;
/** Cold runs tried at most, to get COLD_RUNS that viz did not throttle (decision 0162). */
const COLD_ATTEMPTS = 18;
const REPEAT_RUNS = 3;
/** Repeat visits tried at most, to get REPEAT_RUNS that viz did not throttle (decision 0159). */
const REPEAT_ATTEMPTS = 6;
const PAGE = '/demo-bistro';
const LHR_DIR = join(RESULTS_DIR, 'lighthouse');
const TITLE = `Lighthouse, mobile, Slow 4G, ${PAGE}`;

/** The rows, in order: id, label, unit and goal (≤). */
const ROWS = {
  lcp: { label: `LCP, mobile Slow 4G (${PAGE})`, unit: 's', goal: 1.5 }, // issue 25 (issue 8 asked 1.8 s)
  cls: { label: `CLS, mobile Slow 4G (${PAGE})`, unit: '', goal: 0.02 },
  tbt: { label: `TBT, mobile Slow 4G (${PAGE})`, unit: 'ms', goal: 150 },
  fcp: { label: `FCP, mobile Slow 4G (${PAGE})`, unit: 's', goal: undefined },
  'lcp-all': { label: 'LCP, every cold run (those viz throttled too)', unit: 's', goal: undefined },
  'tbt-all': { label: 'TBT, every cold run (those viz throttled too)', unit: 'ms', goal: undefined },
  'repeat-lcp': { label: 'repeat visit LCP (service worker), Slow 4G link', unit: 's', goal: 1 },
  'repeat-lcp-all': {
    label: 'repeat visit LCP, every run (those viz throttled too)',
    unit: 's',
    goal: undefined,
  },
  'repeat-painted': {
    label: 'repeat visit: first text painted by the page (trace), before the browser presents it',
    unit: 's',
    goal: undefined,
  },
} as const;
type RowId = keyof typeof ROWS;

function metric(id: RowId, perRun: number[], note?: string): Metric {
  const { label, unit, goal } = ROWS[id];
  const value = perRun.length > 0 ? median(perRun) : null;
  return {
    id: `lighthouse.${id}`,
    label,
    value,
    unit,
    perRun,
    ...(goal === undefined
      ? {}
      : {
          goal: checkGoal(
            value,
            '<=',
            goal,
            `≤ ${unit === 's' ? goal.toFixed(1) : goal}${unit ? ` ${unit}` : ''}`,
          ),
        }),
    ...(note ? { note } : {}),
  };
}

if (!existsSync(CHROME_PATH)) {
  const note = `not measured: no Chromium at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH)`;
  writeResult({
    name: 'lighthouse',
    title: TITLE,
    ...machine(),
    runs: 0,
    method: [note],
    metrics: (Object.keys(ROWS) as RowId[]).map((id) => metric(id, [], note)),
  });
  console.error(note);
  process.exit(0);
}

interface RepeatRun {
  first: LighthouseFigures;
  again: LighthouseFigures;
  precached: number;
  firstKb: number;
  againKb: number;
}

/** Keeps each run's result, and its trace with BENCH_LH_TRACE=1 (about 10 MB each). */
function keepLhr(name: string, run: { lhr: unknown; trace: unknown }) {
  mkdirSync(LHR_DIR, { recursive: true });
  writeFileSync(join(LHR_DIR, `${name}.json`), JSON.stringify(run.lhr));
  if (process.env.BENCH_LH_TRACE === '1')
    writeFileSync(join(LHR_DIR, `${name}.trace.json`), JSON.stringify(run.trace));
}

/**
 * The runs a goal row counts: those viz did not throttle, or every run when viz throttled them all
 * (decisions 0159, 0162), and the notes that say which.
 */
function goalRuns<T>(runs: T[], figures: (run: T) => LighthouseFigures, kind: string, every: string) {
  const clean = runs.filter((run) => notThrottled(figures(run)));
  const throttledNote = `${runs.length - clean.length} of ${runs.length} ${kind} had ${THROTTLED_FROM} or more BeginFrames withheld by viz (${runs.map((run) => figures(run).throttledBeginFrames).join(', ')})`;
  const countedNote = `${clean.length > 0 ? `the ${clean.length} ${kind} viz did not throttle` : `${every}: viz throttled all of them`}; ${throttledNote}`;
  return { counted: clean.length > 0 ? clean : runs, throttledNote, countedNote };
}

/** Goes on until COLD_RUNS runs were not throttled by viz (decision 0162) or COLD_ATTEMPTS were made. */
async function coldRuns(url: string): Promise<LighthouseFigures[]> {
  const runs: LighthouseFigures[] = [];
  // One unmeasured run first: the server's caches and the OS file cache warm, as for any later guest.
  for (let i = 0; i <= COLD_ATTEMPTS && runs.filter(notThrottled).length < COLD_RUNS; i++) {
    const chrome = await launchChrome();
    try {
      const run = await runLighthouse(url, chrome.port, 'simulate');
      const figures = run.figures;
      if (i === 0) continue;
      runs.push(figures);
      keepLhr(`cold-${i}`, run);
      console.log(
        `cold ${i}: LCP ${round(figures.lcpMs)} ms, CLS ${round(figures.cls, 4)}, TBT ${round(figures.tbtMs)} ms, FCP ${round(figures.fcpMs)} ms (observed LCP ${round(figures.observedLcpMs)} ms, ${figures.throttledBeginFrames} BeginFrames withheld by viz; benchmarkIndex ${figures.benchmarkIndex})`,
      );
    } finally {
      chrome.kill();
    }
  }
  return runs;
}

/**
 * First visit, wait for the worker, second visit: all in one profile, all through the link. Goes on
 * until REPEAT_RUNS repeat visits were not throttled by viz (decision 0159) or REPEAT_ATTEMPTS were made.
 */
async function repeatRuns(origin: string, downBytes: () => number): Promise<RepeatRun[]> {
  const runs: RepeatRun[] = [];
  for (
    let i = 1;
    i <= REPEAT_ATTEMPTS && runs.filter((r) => notThrottled(r.again)).length < REPEAT_RUNS;
    i++
  ) {
    const chrome = await launchChrome();
    try {
      const before = downBytes();
      const first = await runLighthouse(`${origin}${PAGE}`, chrome.port, 'observed');
      const precached = await waitForServiceWorker(chrome.port, origin);
      const middle = downBytes();
      const again = await runLighthouse(`${origin}${PAGE}`, chrome.port, 'observed', true);
      const kb = (bytes: number) => round(bytes / 1000, 1);
      const run = {
        first: first.figures,
        again: again.figures,
        precached,
        firstKb: kb(middle - before),
        againKb: kb(downBytes() - middle),
      };
      runs.push(run);
      keepLhr(`first-visit-${i}`, first);
      keepLhr(`repeat-visit-${i}`, again);
      console.log(
        `repeat ${i}: first visit LCP ${round(first.figures.lcpMs)} ms (${first.figures.throttledBeginFrames} BeginFrames withheld), repeat LCP ${round(again.figures.lcpMs)} ms (painted by the page at ${round(again.figures.paintedMs)} ms; ${again.figures.throttledBeginFrames} BeginFrames withheld by viz) (${precached} files precached; ${run.firstKb} kB then ${run.againKb} kB over the link)`,
      );
    } finally {
      chrome.kill();
    }
  }
  return runs;
}

const work = mkdtempSync(join(tmpdir(), 'vv-lighthouse-'));
let build: WebBuild;
let cold: LighthouseFigures[];
let repeat: RepeatRun[];
try {
  build = webBuild(work);
  const { port, server } = await startServer(build.dist, join(work, 'data'));
  const link = await startThrottle({ host: '127.0.0.1', port });
  try {
    cold = await coldRuns(`http://127.0.0.1:${port}${PAGE}`);
    repeat = await repeatRuns(`http://127.0.0.1:${link.port}`, () => link.traffic().down);
  } finally {
    await link.close();
    await server.stop(10_000);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const seconds = (values: number[]) => values.map((ms) => round(ms / 1000, 3));
/** The run whose LCP is the median one: its evidence stands for the figures. */
const middleOf = <T>(runs: T[], lcp: (run: T) => number): T =>
  [...runs].sort((a, b) => lcp(a) - lcp(b))[Math.floor((runs.length - 1) / 2)] as T;
const coldGoal = goalRuns(cold, (run) => run, 'cold runs', 'every cold run');
const coldCounted = coldGoal.counted;
const typical = middleOf(coldCounted, (r) => r.lcpMs);
const repeatGoal = goalRuns(repeat, (run) => run.again, 'repeat visits', 'every repeat visit');
const counted = repeatGoal.counted;
const typicalRepeat = middleOf(counted, (r) => r.again.lcpMs);

const evidence = (f: LighthouseFigures) =>
  [
    `LCP element: ${f.lcpElement}`,
    `LCP phases: ${Object.entries(f.lcpPhases)
      .map(([phase, ms]) => `${phase} ${ms} ms`)
      .join(', ')}`,
    `main thread: ${f.mainThread.map((g) => `${g.group} ${g.ms} ms`).join(', ')}`,
    'long tasks (start, length, script):',
    ...f.longTasks.map(
      (t) => `  ${String(t.startMs).padStart(6)} ms  ${String(t.ms).padStart(4)} ms  ${t.url}`,
    ),
    'JavaScript execution by script (total, of which scripting):',
    ...f.scripts.map(
      (s) => `  ${String(s.totalMs).padStart(5)} ms  ${String(s.scriptingMs).padStart(5)} ms  ${s.url}`,
    ),
    `render-blocking requests: ${f.renderBlocking.map((r) => `${r.url} (${r.wastedMs} ms)`).join(', ') || 'none'}`,
    `first text painted by the page (trace): ${Math.round(f.paintedMs)} ms`,
    `requests: ${f.requests}`,
  ].join('\n');

const repeatRow = metric(
  'repeat-lcp',
  seconds(counted.map((r) => r.again.lcpMs)),
  `${repeatGoal.countedNote}. ${median(counted.map((r) => r.againKb))} kB crossed the link on the repeat visit, ${median(counted.map((r) => r.firstKb))} kB on the first (which also precaches); ${typicalRepeat.precached} files precached`,
);
repeatRow.baseline = {
  label: 'first visit, same link',
  value: median(seconds(counted.map((r) => r.first.lcpMs))),
  unit: 's',
};
const version = JSON.parse(
  readFileSync(join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;

const file = writeResult({
  name: 'lighthouse',
  title: TITLE,
  ...machine(),
  runs: coldCounted.length,
  method: [
    `Lighthouse ${version} (Node API, performance category) in Debian's Chromium (${CHROME_PATH}, headless, a new profile per launch); the real server (its bundle as npm start runs it, node apps/server/dist/main.mjs, PGlite in a temporary DATA_DIR with the demo seed) serving ${build.how}, entry ${build.entry}.`,
    `LCP, CLS, TBT, FCP: Lighthouse's default mobile run (Moto G Power screen 412×823, throttlingMethod simulate with the mobileSlow4G preset: 150 ms RTT, 1.6 Mbps down, CPU 4× slower, applied by Lantern to an unthrottled load straight from the server); storage reset before each run; one unmeasured run, then runs until ${COLD_RUNS} were not throttled by viz (below), at most ${COLD_ATTEMPTS}; figures are medians.`,
    `Repeat visit: in one browser profile, a first Lighthouse run (storage reset) loads the page, the bench waits until the service worker is active (Workbox activates it only after precaching), then a second run with disableStorageReset loads the page again; the figure is that second run's LCP; ${REPEAT_RUNS} profiles, median.`,
    `Runs Chromium's display compositor throttled are left out of the goal rows (decisions 0159, 0162): when viz withholds BeginFrames from the page (trace category viz, SendBeginFrameDecision with should_send false: ThrottleUndrawnFrames, in observed and simulated runs alike; a run counts as throttled from ${THROTTLED_FROM} withheld), it offers the page one frame a second and the first paint waits up to a second twice. A simulated run starts from that late load: Lantern then counts every request and task before the late paint towards LCP, and no long task before it towards TBT. Cold runs are tried until ${COLD_RUNS} were not throttled, at most ${COLD_ATTEMPTS}; repeat-visit profiles until ${REPEAT_RUNS}, at most ${REPEAT_ATTEMPTS}. The "every run" rows have all of them.`,
    `Both repeat-visit runs go through a link proxy (bench/lib/lighthouse-throttle.ts: a ${SLOW_4G.rttMs} ms round trip per new connection and per request, ${SLOW_4G.downKbps / 1024} Mbps down and ${SLOW_4G.upKbps} kbps up shared by all connections) with DevTools CPU throttling 4× and DevTools network throttling off. Simulation would charge the worker's cache answers as network requests and DevTools throttling misses the worker's own requests; a link below the browser slows exactly what crosses the network. The baseline is the first run on the same link.`,
    `Lighthouse's benchmarkIndex of this machine (informational; the simulation does not rescale by it): ${cold.map((r) => r.benchmarkIndex).join(', ')} over the cold runs. Other work on the cores moves TBT and the observed repeat visit most.`,
  ],
  metrics: [
    metric('lcp', seconds(coldCounted.map((r) => r.lcpMs)), coldGoal.countedNote),
    metric(
      'cls',
      coldCounted.map((r) => round(r.cls, 4)),
    ),
    metric(
      'tbt',
      coldCounted.map((r) => Math.round(r.tbtMs)),
      coldGoal.countedNote,
    ),
    metric('fcp', seconds(coldCounted.map((r) => r.fcpMs))),
    metric('lcp-all', seconds(cold.map((r) => r.lcpMs)), coldGoal.throttledNote),
    metric(
      'tbt-all',
      cold.map((r) => Math.round(r.tbtMs)),
      coldGoal.throttledNote,
    ),
    repeatRow,
    metric('repeat-lcp-all', seconds(repeat.map((r) => r.again.lcpMs)), repeatGoal.throttledNote),
    metric(
      'repeat-painted',
      seconds(counted.map((r) => r.again.paintedMs)),
      'when the main thread painted the first text; FCP and LCP are when the browser presented that frame',
    ),
  ],
  details: [
    {
      title: `Where the time goes in the median cold run (LCP ${Math.round(typical.lcpMs)} ms, simulated)`,
      text: evidence(typical),
    },
    {
      title: `The median repeat visit (LCP ${Math.round(typicalRepeat.again.lcpMs)} ms, observed on the link)`,
      text: evidence(typicalRepeat.again),
    },
  ],
});
console.log(`wrote ${file}; Lighthouse results (LHR JSON) in ${LHR_DIR}`);
