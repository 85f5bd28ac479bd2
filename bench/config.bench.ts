/**
 * survey.config under load beside a hello-world route of the same app, same server process, same run.
 * The server runs in a child process (one core), autocannon in this one (the other core).
 * BENCH_CPU_PROF=1 starts the server with --cpu-prof (profiles land in bench/results/profiles).
 */
import autocannon, { type Result } from 'autocannon';
import { SERVER_NODE_ARGS } from '../apps/server/test/support/main-process';
import { spawnChild, waitForLine } from './lib/child';
import { configBreakdown } from './lib/config-breakdown';
import { processCpuSeconds } from './lib/config-cpu';
import { checkGoal, machine, writeResult } from './lib/result';
import { median, round } from './lib/stats';

const ROUNDS = 5;
const SECONDS = 6;
const WARMUP_SECONDS = 3;
const CONNECTIONS = 10;
const CONFIG_PATH = '/api/v1/survey/config?edge=core,surveys,questions';
const CONFIG_HEADERS = { 'x-survey-slug': 'demo-bistro' };
// What every browser sends (a guest's phone included): survey.config answers it gzip (decision 0127).
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const profile = process.env.BENCH_CPU_PROF === '1';
const nodeArgs = [
  // As npm start runs the server (decision 0160).
  ...SERVER_NODE_ARGS,
  ...(profile ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles'] : []),
  '--import',
  'tsx',
  'bench/lib/config-server.ts',
];
const server = spawnChild(process.execPath, nodeArgs);

/** An autocannon result with the server's CPU microseconds per answered request over the same time. */
type Measured = Result & { cpuUsPerRequest: number };

async function load(url: string, headers: Record<string, string>, duration: number): Promise<Measured> {
  const cpuBefore = processCpuSeconds(server.process.pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, pipelining: 1, duration });
  const cpuUsPerRequest = round(
    ((processCpuSeconds(server.process.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
    1,
  );
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  return Object.assign(result, { cpuUsPerRequest });
}

try {
  const ready = await waitForLine(server, /READY (\d+)/, 60_000);
  const base = `http://127.0.0.1:${ready[1]}`;
  const hello = { url: `${base}/bench/hello`, headers: {} };
  // As measured since the first run: no Accept-Encoding, so the full 15 kB of JSON per answer.
  const config = { url: `${base}${CONFIG_PATH}`, headers: CONFIG_HEADERS };
  // The same call as a browser makes it: the answer gzipped (about 3 kB).
  const gzip = { url: `${base}${CONFIG_PATH}`, headers: { ...CONFIG_HEADERS, ...BROWSER_ENCODINGS } };

  // The answer must be the real one, or the figures mean nothing.
  const check = await fetch(gzip.url, { headers: gzip.headers });
  if (check.headers.get('content-encoding') !== 'gzip') throw new Error('survey.config did not answer gzip');
  const body = (await check.json()) as {
    data?: { core?: unknown; surveys?: unknown[]; questions?: unknown[] };
  };
  if (
    check.status !== 200 ||
    !body.data?.core ||
    !body.data.surveys?.length ||
    !body.data.questions?.length
  ) {
    throw new Error(`survey.config answered ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }

  await load(hello.url, hello.headers, WARMUP_SECONDS);
  await load(config.url, config.headers, WARMUP_SECONDS);
  await load(gzip.url, gzip.headers, WARMUP_SECONDS);

  const targets = { hello, config, gzip };
  const names = Object.keys(targets) as (keyof typeof targets)[];
  const rounds: Record<keyof typeof targets, Measured>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // Rotate which goes first so a slow drift (heat, GC growth) does not favour one side.
    const order = names.map((_, k) => names[(i + k) % names.length] as keyof typeof targets);
    const round = {} as Record<keyof typeof targets, Measured>;
    for (const name of order) round[name] = await load(targets[name].url, targets[name].headers, SECONDS);
    rounds.push(round);
    console.log(
      `round ${i + 1}: ${names
        .map(
          (n) =>
            `${n} ${round[n].requests.average} req/s p99 ${round[n].latency.p99} ms CPU ${round[n].cpuUsPerRequest} µs/req`,
        )
        .join('; ')}`,
    );
  }

  const helloRps = rounds.map((r) => r.hello.requests.average);
  const configRps = rounds.map((r) => r.config.requests.average);
  const ratios = rounds.map((r) => r.config.requests.average / r.hello.requests.average);
  const helloP99 = rounds.map((r) => r.hello.latency.p99);
  const configP99 = rounds.map((r) => r.config.latency.p99);
  const ratio = round(median(ratios), 3);
  const p99 = median(configP99);
  const gzipRps = rounds.map((r) => r.gzip.requests.average);
  const gzipRatios = rounds.map((r) => r.gzip.requests.average / r.hello.requests.average);
  const gzipP99 = rounds.map((r) => r.gzip.latency.p99);
  const helloCpu = rounds.map((r) => r.hello.cpuUsPerRequest);
  const configCpu = rounds.map((r) => r.config.cpuUsPerRequest);
  const gzipCpu = rounds.map((r) => r.gzip.cpuUsPerRequest);
  const cpuRatios = rounds.map((r) => round(r.hello.cpuUsPerRequest / r.config.cpuUsPerRequest, 3));
  const gzipCpuRatios = rounds.map((r) => round(r.hello.cpuUsPerRequest / r.gzip.cpuUsPerRequest, 3));
  // Measured with the server stopped, so the two do not compete for the cores.
  await server.stop();
  const breakdown = await configBreakdown();

  const file = writeResult({
    name: 'config',
    title: 'survey.config under load (PGlite, demo seed)',
    ...machine(),
    runs: ROUNDS,
    method: [
      `GET ${CONFIG_PATH} with X-Survey-Slug: demo-bistro and no Accept-Encoding (plain JSON, about 15 kB an answer), against GET /bench/hello on the same app: the goal rows.`,
      "The same survey.config call with a browser's Accept-Encoding (gzip, deflate, br, zstd; a gzipped answer of about 3 kB) in every round too: the rows without a goal. autocannon only counts the bytes it receives.",
      `Server in a child process (in-memory PGlite, log level warn); autocannon in the parent process.`,
      `autocannon: ${CONNECTIONS} connections, no pipelining, ${SECONDS} s per measurement after a ${WARMUP_SECONDS} s warm-up of each route.`,
      `${ROUNDS} rounds, each measuring the three back to back (order rotating); figures are medians over rounds, the ratio is the median of the per-round ratios.`,
      'autocannon records latency in whole milliseconds.',
    ],
    metrics: [
      {
        id: 'config.rps',
        label: 'survey.config throughput',
        value: round(median(configRps), 0),
        unit: 'req/s',
        perRun: configRps,
        baseline: { label: 'hello world', value: round(median(helloRps), 0), unit: 'req/s' },
        ratio,
        goal: checkGoal(ratio, '>=', 0.5, '≥ 0.5× hello world'),
      },
      {
        id: 'config.p99',
        label: 'survey.config p99 latency',
        value: p99,
        unit: 'ms',
        perRun: configP99,
        baseline: { label: 'hello world p99', value: median(helloP99), unit: 'ms' },
        goal: checkGoal(p99, '<=', 10, '≤ 10 ms'),
      },
      {
        id: 'config.rps.gzip',
        label: 'survey.config throughput, gzip (a browser’s Accept-Encoding)',
        value: round(median(gzipRps), 0),
        unit: 'req/s',
        perRun: gzipRps,
        baseline: { label: 'hello world', value: round(median(helloRps), 0), unit: 'req/s' },
        ratio: round(median(gzipRatios), 3),
      },
      {
        id: 'config.p99.gzip',
        label: 'survey.config p99 latency, gzip (a browser’s Accept-Encoding)',
        value: median(gzipP99),
        unit: 'ms',
        perRun: gzipP99,
      },
    ],
    details: [
      {
        title: 'Server CPU (user + system, from /proc) per answered request, per round',
        text: [
          `hello world:   ${helloCpu.join(', ')} µs (median ${median(helloCpu)} µs)`,
          `survey.config: ${configCpu.join(', ')} µs (median ${median(configCpu)} µs)`,
          `survey.config, gzip: ${gzipCpu.join(', ')} µs (median ${median(gzipCpu)} µs)`,
          `hello / config: ${cpuRatios.join(', ')} (median ${median(cpuRatios)})`,
          `hello / config, gzip: ${gzipCpuRatios.join(', ')} (median ${median(gzipCpuRatios)})`,
          'These are the req/s ratios a server that is the bottleneck would show; they move far less than req/s',
          'when other work shares the cores. With 15 kB answers the load generator, not the server, may be the limit.',
        ].join('\n'),
      },
      {
        title:
          'Where a survey.config request spends its time (in-process, per call, median of 5 × 200 calls)',
        text: breakdown.map((b) => `${b.ms.toFixed(3).padStart(8)} ms  ${b.label}`).join('\n'),
      },
    ],
  });
  console.log(`wrote ${file}`);
} finally {
  await server.stop();
}
