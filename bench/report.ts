/**
 * Rewrites docs/performance.md from bench/results/*.json: one row per metric, then each bench's method
 * and evidence. The hand-written "Analysis" and "History" sections are carried over unchanged.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult, Metric } from './lib/result';
import { REPO_ROOT, RESULTS_DIR } from './lib/result';

const DOC = join(REPO_ROOT, 'docs', 'performance.md');
const ORDER = [
  'config',
  'menu-search',
  'cold-start',
  'engine',
  'submit',
  'reports',
  'queue-upload',
  'alerts',
  'webhooks',
  'till',
  'editor',
  'bundle',
  'lighthouse',
];
const KEPT_SECTIONS = {
  Analysis: 'Nothing to analyse yet: run `npm run bench`.',
  History:
    'Changes made for speed, each with its before and after figures from this document.\n\n' +
    '| Date | Change | Metric | Before | After |\n|---|---|---|---|---|',
};

function readResults(): BenchResult[] {
  if (!existsSync(RESULTS_DIR)) return [];
  const results = readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) => {
      // A bench stopped while writing leaves a broken file: the report goes on without it.
      try {
        return [JSON.parse(readFileSync(join(RESULTS_DIR, f), 'utf8')) as BenchResult];
      } catch (error) {
        console.error(`skipped ${f}: ${(error as Error).message}`);
        return [];
      }
    });
  const rank = (r: BenchResult) => (ORDER.includes(r.name) ? ORDER.indexOf(r.name) : ORDER.length);
  return results.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** A section's body from the current document, so hand-written text survives a rerun. */
function keptSection(current: string, title: string, fallback: string): string {
  const start = current.indexOf(`\n## ${title}\n`);
  if (start < 0) return fallback;
  const body = current.slice(start + title.length + 5);
  const end = body.search(/\n## /);
  return (end < 0 ? body : body.slice(0, end)).trim() || fallback;
}

export function formatValue(value: number, unit: string): string {
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en-GB')} req/s`;
  if (unit === 's') return `${value.toFixed(2)} s`;
  // A score without a unit (layout shift): its goal is in hundredths, so show thousandths.
  if (unit === '') return value.toFixed(3);
  // Bundle sizes: a tenth of a kB shows what a split saves.
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  // autocannon truncates to whole milliseconds, so its 0 means "under a millisecond".
  if (unit === 'ms' && value === 0) return '< 1 ms';
  // Whole numbers stay whole (autocannon's latencies are whole milliseconds): no false precision.
  const digits = Number.isInteger(value) || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function figure(m: Metric): string {
  if (m.value === null) return m.note ?? 'not measured';
  const ratio = m.ratio === undefined ? '' : ` (${m.ratio.toFixed(3)}× ${m.baseline?.label ?? 'baseline'})`;
  return `${formatValue(m.value, m.unit)}${ratio}`;
}

const verdict = (m: Metric) =>
  m.goal === undefined ? '—' : m.goal.met === null ? 'not measured' : m.goal.met ? 'yes' : '**no**';

/**
 * Rows and method sections of benches that have no result file here (bench/results is not committed,
 * so `npm run bench -- bundle` on a fresh checkout knows only its own): carried over from the current
 * document instead of being dropped.
 */
function keptBenches(
  current: string,
  measured: BenchResult[],
): { name: string; rows: string[]; section: string }[] {
  const have = new Set(measured.map((r) => r.name));
  return ORDER.filter((name) => !have.has(name))
    .map((name) => {
      const rows = current.split('\n').filter((line) => line.startsWith(`| ${name} | `));
      const start = current.indexOf(`\n### ${name}: `);
      const rest = start < 0 ? '' : current.slice(start + 1);
      const end = rest.slice(4).search(/\n##+ /);
      return { name, rows, section: (end < 0 ? rest : rest.slice(0, end + 4)).trim() };
    })
    .filter((kept) => kept.rows.length > 0 || kept.section !== '');
}

function resultsTable(results: BenchResult[], kept: { name: string; rows: string[] }[]): string {
  const rows = results.flatMap((r) =>
    r.metrics.map((m) =>
      [
        r.name,
        m.label,
        figure(m),
        m.goal?.text ?? '—',
        m.baseline ? `${m.baseline.label}: ${formatValue(m.baseline.value, m.baseline.unit)}` : '—',
        verdict(m),
        String(m.perRun.length || r.runs),
        r.date.slice(0, 10),
        String(r.cores),
      ].join(' | '),
    ),
  );
  return [
    '| Bench | Metric | Figure (median) | Goal | Baseline, same run | Goal met | Runs | Date | Cores |',
    '|---|---|---|---|---|---|---|---|---|',
    ...ORDER.flatMap((name) => [
      ...rows.filter((row) => row.startsWith(`${name} | `)).map((row) => `| ${row} |`),
      ...(kept.find((k) => k.name === name)?.rows ?? []),
    ]),
    ...rows.filter((row) => !ORDER.some((name) => row.startsWith(`${name} | `))).map((row) => `| ${row} |`),
  ].join('\n');
}

function benchSection(r: BenchResult): string {
  const lines = [
    `### ${r.name}: ${r.title}`,
    '',
    `Run ${r.date.replace('T', ' ').slice(0, 16)} UTC on ${r.cores} cores (${r.cpu}), Node ${r.node}; ` +
      `1-minute load average ${r.load?.[0] ?? '?'} at the start, ${r.load?.[1] ?? '?'} at the end.`,
    '',
    ...r.method.map((m) => `- ${m}`),
    '',
    ...r.metrics.map((m) => {
      const unit = m.unit ? ` ${m.unit}` : '';
      const runs = m.perRun.length > 0 ? `per run: ${m.perRun.join(', ')}${unit}` : 'no runs';
      return `- ${m.label}: ${runs}${m.note && m.value !== null ? `. ${m.note}` : ''}.`;
    }),
  ];
  for (const d of r.details ?? []) lines.push('', `${d.title}:`, '', '```text', d.text, '```');
  return lines.join('\n');
}

const results = readResults();
const current = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '';
const kept = keptBenches(current, results);
const sections = ORDER.map(
  (name) => results.find((r) => r.name === name) ?? kept.find((k) => k.name === name)?.section,
)
  .filter((entry) => entry !== undefined)
  .map((entry) => (typeof entry === 'string' ? entry : benchSection(entry)))
  .concat(results.filter((r) => !ORDER.includes(r.name)).map(benchSection));
const doc = `# Performance

Measured by \`npm run bench\`; this file is rewritten by \`bench/report.ts\` from \`bench/results/*.json\`
(the Analysis and History sections are written by hand and kept). Benchmarks are measurements: they never
fail on a timing. Every figure is the median of several runs (the Runs column); ratios are taken within
one run, then their median is shown. A row's date says when that bench last ran.

## Results

${results.length + kept.length > 0 ? resultsTable(results, kept) : 'No results yet: run `npm run bench`.'}

## How to run

- \`npm run bench\` runs every bench one after the other, printing each one's duration, and rewrites this file;
  \`npm run bench -- lighthouse\` (or any of \`config\`, \`menu-search\`, \`cold-start\`, \`engine\`, \`submit\`,
  \`queue-upload\`, \`bundle\`, \`lighthouse\`, several at once) runs only those and keeps the others' last figures.
  A bench that cannot run is reported at the end (exit 1); the others still run and the file is still written.
- \`BENCH_RESULTS_DIR=<dir>\` keeps a run's result files apart from \`bench/results\` (the report then shows
  that run's benches and keeps every other row of this file as it is).
- \`menu-search\` needs PostgreSQL: \`BENCH_DATABASE_URL\` (default \`postgres://postgres@127.0.0.1:5432/test\`)
  must be allowed to create databases; it creates \`vv_bench_<random>\` and always drops it. Without a
  PostgreSQL its rows say "not measured".
- \`BENCH_CPU_PROF=1 npm run bench -- config\` (or \`cold-start\`) also writes V8 CPU profiles of the server to
  \`bench/results/profiles/\`; \`npx tsx bench/lib/profile-summary.ts <file.cpuprofile>\` lists where the
  time goes by package and by function.
- \`npm run bench -- bundle\` builds the web app into a temporary folder and sizes the first guest screen's
  JavaScript (no browser, about 30 s); the same figure is enforced by \`e2e/bundle-budget.test.ts\` in \`npm test\`.
  In the same run it builds the SurveyJS baseline of issue 25 point 4 (\`bench/surveyjs\`, decision 0172) with
  the same Vite and target: one rating question, "How was your visit?" 1–5, rendered by \`survey-react-ui\`'s
  \`Survey\` component with \`survey-core\` and its default theme, on React 19; every script that page loads at
  start is counted, gzip 9, and the goal is the first guest screen ≤ 0.4× that. The versions are the root
  devDependencies (pinned exactly, as \`survey-react-ui\` declares the one \`survey-core\` it runs with); the
  method below names those measured. To move to a newer SurveyJS, \`npm install -D -E\` the pair.
- \`npm run bench -- lighthouse\` (about 8 minutes) needs Chromium (\`/usr/bin/chromium\`, or \`CHROME_PATH\`;
  without it its rows say "not measured"). It builds the web app into a temporary folder (or serves
  \`BENCH_WEB_DIST\`), starts the server on PGlite and keeps every Lighthouse result (LHR JSON, open it in the
  Lighthouse viewer) in \`bench/results/lighthouse/\`; \`BENCH_LH_TRACE=1\` adds each run's trace there (DevTools
  Performance panel).
- \`npx tsx bench/lighthouse-ab.ts <dist> <dist> …\` compares production builds of apps/web on the cold run
  (\`BENCH_AB_ROUNDS\`, default 12): runs alternate between the builds so a slower hour falls on each alike,
  each build has its own server, and it prints the TBT and LCP medians without touching this file. TBT
  moves by tens of milliseconds between runs; a 20–30 ms change needs 12 or more rounds (decision 0161).
- \`npm run bench -- editor\` (about 3 minutes) needs Chromium and the console's build (\`npm run build\`): it imports a
  survey of 200 questions and times keystrokes in the editor and the translations screen (issue 31 item 7).
- Run on a quiet machine: other processes on the same cores move every figure.

## Method and evidence

${sections.join('\n\n')}

## Analysis

${keptSection(current, 'Analysis', KEPT_SECTIONS.Analysis)}

## History

${keptSection(current, 'History', KEPT_SECTIONS.History)}
`;
writeFileSync(DOC, doc);
console.log(`wrote ${DOC} (${results.length} bench results, ${kept.length} kept from the document)`);
