/**
 * JavaScript the first guest screen downloads (issue 5: ≤ 100 kB gzip), from a production build of
 * the web app made for this bench in a temporary folder (the shared apps/web/dist is left alone).
 * A second build puts each library in a chunk of its own, to say which of them the figure is made of.
 * Two more build the SurveyJS baseline page (bench/surveyjs, issue 25 point 4, decision 0172) with the
 * same Vite, as it is and split per library, so the first screen is compared with it in the same run
 * (goal ≤ 0.4× its JavaScript).
 * Sizes are deterministic: one run.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InlineConfig, UserConfigFnObject } from 'vite';
import {
  BUDGET_CEILING_KB,
  type BundleFigure,
  breakdown,
  gzipSize,
  kb,
  measureFirstScreen,
} from './bundle-budget';
import { BENCH_DIR, checkGoal, machine, REPO_ROOT, writeResult } from './lib/result';

// Before vite loads: React and others pick their production build from it.
process.env.NODE_ENV = 'production';
const { build, version: viteVersion } = await import('vite');
const { default: react } = await import('@vitejs/plugin-react');
// The app's config for a build (it takes React Router's production build only then).
const appConfig = (await import('../apps/web/vite.config')).default as UserConfigFnObject;
const baseConfig = appConfig({ command: 'build', mode: 'production' });

/** Issue 25 point 4: the first guest screen's JavaScript ≤ 0.4× SurveyJS's for a one-question survey. */
const SURVEYJS_GOAL_RATIO = 0.4;
/** The baseline page: index.html, entry.tsx and the survey's JSON schema (decision 0172). */
const SURVEYJS_ROOT = join(BENCH_DIR, 'surveyjs');
const SURVEYJS_QUESTION = JSON.stringify(
  (JSON.parse(readFileSync(join(SURVEYJS_ROOT, 'survey.json'), 'utf8')) as { elements: unknown[] }).elements,
);
/** The installed version of a package (read from node_modules: survey-core exports no package.json). */
const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
const TARGET = baseConfig.build?.target ?? 'es2022';

/** Libraries named in the breakdown, each gzipped alone (a little more than inside a shared chunk). */
const LIBRARIES = [
  'react-dom',
  'react-router',
  'scheduler',
  'react',
  'zod',
  'i18next',
  'react-i18next',
  '@tanstack',
  'react-hook-form',
  '@radix-ui',
  'zustand',
  'idb',
];
/** The same for the SurveyJS page. */
const SURVEYJS_LIBRARIES = ['survey-core', 'survey-react-ui', 'react-dom', 'scheduler', 'react'];

/** One chunk group per library, named lib-<name>, for an attribution build. */
const libraryGroups = (names: readonly string[]) =>
  names.map((name) => ({
    name: `lib-${name.replace(/[@/]/g, '')}`,
    test: new RegExp(`node_modules[\\\\/]${name}[\\\\/]`),
  }));

/** The lib-<name> chunks an attribution build's first screen loads, largest first, one line each. */
const libraryLines = (figure: BundleFigure) =>
  figure.chunks
    .filter((c) => /^assets\/lib-/.test(c.file))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (c) =>
        `${kb(c.gzipBytes).toFixed(1).padStart(7)} kB gzip  ${c.file.replace(/^assets\/lib-|-[\w-]{8}\.js$/g, '')}`,
    )
    .join('\n');

async function buildInto(outDir: string, perLibrary: boolean): Promise<void> {
  const config: InlineConfig = { ...baseConfig, configFile: false, logLevel: 'warn' };
  config.build = { ...baseConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 };
  if (perLibrary) {
    const groups = libraryGroups(LIBRARIES);
    // The HEIC converter keeps its real chunk name: the service worker's precache skips only that.
    groups.unshift({ name: 'heic-to', test: /node_modules[\\/]heic-to[\\/]/ });
    groups.push({ name: 'lib-other', test: /node_modules[\\/]/ });
    config.build.rolldownOptions = {
      ...config.build.rolldownOptions,
      output: { ...config.build.rolldownOptions?.output, codeSplitting: { groups } },
    };
  }
  await build(config);
}

/**
 * The SurveyJS page, built as a Vite user would: the app's Vite and build target, production mode,
 * Vite's default minifier and chunking, the React plugin; none of the app's own settings (its Preact
 * alias, its chunk groups), which are part of what is compared.
 */
async function buildSurveyJs(outDir: string, perLibrary: boolean): Promise<void> {
  const groups = [...libraryGroups(SURVEYJS_LIBRARIES), { name: 'lib-other', test: /node_modules[\\/]/ }];
  await build({
    root: SURVEYJS_ROOT,
    configFile: false,
    publicDir: false,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: TARGET,
      manifest: true,
      chunkSizeWarningLimit: 10_000,
      ...(perLibrary ? { rolldownOptions: { output: { codeSplitting: { groups } } } } : {}),
    },
  });
}

/** Gzip bytes of the style sheets of a build (not counted in any figure; shown beside SurveyJS's). */
function cssGzipBytes(dist: string): number {
  const assets = join(dist, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .reduce((sum, file) => sum + gzipSize(readFileSync(join(assets, file))), 0);
}

const work = mkdtempSync(join(tmpdir(), 'vv-bundle-'));
try {
  const real = join(work, 'real');
  const split = join(work, 'split');
  await buildInto(real, false);
  await buildInto(split, true);
  const surveyJsDir = join(work, 'surveyjs');
  const surveyJsSplit = join(work, 'surveyjs-split');
  await buildSurveyJs(surveyJsDir, false);
  await buildSurveyJs(surveyJsSplit, true);
  const first = measureFirstScreen(real);
  const entryOnly = measureFirstScreen(real, ['index.html']);
  const firstKb = kb(first.totalGzipBytes);
  const entryKb = kb(entryOnly.totalGzipBytes);
  // Everything the SurveyJS page loads at start: its entry chunk and the chunks that imports statically.
  const surveyJs = measureFirstScreen(surveyJsDir, ['index.html']);
  const surveyJsKb = kb(surveyJs.totalGzipBytes);
  // On bytes, not on the rounded kB.
  const ratio = Math.round((first.totalGzipBytes / surveyJs.totalGzipBytes) * 1000) / 1000;
  const versions = {
    surveyCore: versionOf('survey-core'),
    surveyReactUi: versionOf('survey-react-ui'),
    react: versionOf('react'),
    reactDom: versionOf('react-dom'),
    rolldown: versionOf('rolldown'),
  };

  const file = writeResult({
    name: 'bundle',
    title: 'JavaScript of the first guest screen',
    ...machine(),
    runs: 1,
    method: [
      `A production build of apps/web (its vite.config.ts, NODE_ENV=production) in a temporary folder; sizes are gzip at level 9, as the server's precompressed .gz files; 1 kB = 1000 bytes.`,
      'The first guest screen: /demo-bistro opens the receipt PIN screen; counted are the classic scripts of index.html, the entry chunk and its static imports (modulepreload) and the PIN screen’s lazy chunk with its static imports, read from dist/.vite/manifest.json (bench/bundle-budget.ts).',
      'e2e/bundle-budget.test.ts checks in Chromium that these are exactly the scripts the page loads, and fails `npm test` over the enforced ceiling (decision 0077).',
      'The service worker (sw.js) and what it precaches after the page has loaded are not counted.',
      `Enforced ceiling today: ${BUDGET_CEILING_KB} kB. The goal is the ratio below (issue 25); issue 5's ≤ 100 kB was for the app on Preact (decision 0169).`,
      `SurveyJS baseline (issue 25 point 4, decision 0172): bench/surveyjs, a page that renders one survey of one question, \`${SURVEYJS_QUESTION}\` (bench/surveyjs/survey.json), with survey-react-ui ${versions.surveyReactUi}'s Survey component over a survey-core ${versions.surveyCore} Model, importing the default theme's style sheet (survey-core/survey-core.css), mounted with React ${versions.react} / react-dom ${versions.reactDom} createRoot, as SurveyJS's React getting-started guide shows.`,
      `It is built in the same run by the same Vite ${viteVersion} (Rolldown ${versions.rolldown}): production mode, NODE_ENV=production, build.target ${TARGET} as the app, Vite's default minifier and code splitting, @vitejs/plugin-react; not the app's Preact alias or chunk groups. Counted: every script the page loads at start, its entry chunk and that chunk's static imports, read from its .vite/manifest.json, gzip level 9, as for the app. Style sheets are counted on neither side.`,
      `The ratio is the first guest screen's gzip bytes over SurveyJS's (goal ≤ ${SURVEYJS_GOAL_RATIO}×). The SurveyJS versions are root devDependencies pinned exactly: survey-react-ui declares the one survey-core version it runs with. No test loads the SurveyJS page in a browser; decision 0172 records a one-off check that it loads only that script and shows the question.`,
    ],
    metrics: [
      {
        id: 'first-screen',
        label: 'first guest screen (/demo-bistro → PIN entry), JS gzip',
        value: firstKb,
        unit: 'kB',
        perRun: [firstKb],
        note: `${first.chunks.length} scripts, ${kb(first.totalBytes).toFixed(1)} kB before compression`,
      },
      {
        id: 'entry',
        label: 'entry alone (every address, before its screen), JS gzip',
        value: entryKb,
        unit: 'kB',
        perRun: [entryKb],
        note: `${entryOnly.chunks.length} scripts`,
      },
      {
        id: 'surveyjs',
        label: `SurveyJS baseline (survey-react-ui ${versions.surveyReactUi}, one rating question), JS gzip`,
        value: surveyJsKb,
        unit: 'kB',
        perRun: [surveyJsKb],
        note: `${surveyJs.chunks.length} script${surveyJs.chunks.length === 1 ? '' : 's'}, ${kb(surveyJs.totalBytes).toFixed(1)} kB before compression; its style sheet, not counted, ${kb(cssGzipBytes(surveyJsDir)).toFixed(1)} kB gzip`,
      },
      {
        id: 'first-screen-vs-surveyjs',
        label: 'first guest screen against the SurveyJS baseline, JS gzip',
        value: firstKb,
        unit: 'kB',
        perRun: [firstKb],
        baseline: { label: 'SurveyJS', value: surveyJsKb, unit: 'kB' },
        ratio,
        goal: checkGoal(ratio, '<=', SURVEYJS_GOAL_RATIO, `≤ ${SURVEYJS_GOAL_RATIO}× SurveyJS`),
        note: `${first.totalGzipBytes} / ${surveyJs.totalGzipBytes} bytes = ${ratio}×`,
      },
    ],
    details: [
      { title: 'The first guest screen’s scripts, largest first', text: breakdown(first) },
      {
        title: 'The same screen with each library in a chunk of its own (a second build, for attribution)',
        text: libraryLines(measureFirstScreen(split)),
      },
      { title: 'The SurveyJS baseline’s scripts, largest first', text: breakdown(surveyJs) },
      {
        title: 'The SurveyJS baseline with each library in a chunk of its own (attribution)',
        text: libraryLines(measureFirstScreen(surveyJsSplit, ['index.html'])),
      },
    ],
  });
  console.log(
    `bundle: first guest screen ${firstKb} kB gzip, entry ${entryKb} kB; ` +
      `SurveyJS ${surveyJsKb} kB, ratio ${ratio}× (goal ≤ ${SURVEYJS_GOAL_RATIO}×); ${file}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
