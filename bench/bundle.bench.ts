/**
 * JavaScript the first guest screen downloads (issue 5: ≤ 100 kB gzip), from a production build of
 * the web app made for this bench in a temporary folder (the shared apps/web/dist is left alone).
 * A second build puts each library in a chunk of its own, to say which of them the figure is made of.
 * Sizes are deterministic: one run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InlineConfig, UserConfigFnObject } from 'vite';
import { BUDGET_CEILING_KB, BUDGET_GOAL_KB, breakdown, kb, measureFirstScreen } from './bundle-budget';
import { checkGoal, machine, writeResult } from './lib/result';

// Before vite loads: React and others pick their production build from it.
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
// The app's config for a build (it takes React Router's production build only then).
const appConfig = (await import('../apps/web/vite.config')).default as UserConfigFnObject;
const baseConfig = appConfig({ command: 'build', mode: 'production' });

/** Libraries named in the breakdown, each gzipped alone (a little more than inside a shared chunk). */
const LIBRARIES = [
  'preact',
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

async function buildInto(outDir: string, perLibrary: boolean): Promise<void> {
  const config: InlineConfig = { ...baseConfig, configFile: false, logLevel: 'warn' };
  config.build = { ...baseConfig.build, outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 };
  if (perLibrary) {
    const groups = LIBRARIES.map((name) => ({
      name: `lib-${name.replace(/[@/]/g, '')}`,
      test: new RegExp(`node_modules[\\\\/]${name}[\\\\/]`),
    }));
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

const work = mkdtempSync(join(tmpdir(), 'vv-bundle-'));
try {
  const real = join(work, 'real');
  const split = join(work, 'split');
  await buildInto(real, false);
  await buildInto(split, true);
  const first = measureFirstScreen(real);
  const entryOnly = measureFirstScreen(real, ['index.html']);
  const byLibrary = measureFirstScreen(split)
    .chunks.filter((c) => /^assets\/lib-/.test(c.file))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (c) =>
        `${kb(c.gzipBytes).toFixed(1).padStart(7)} kB gzip  ${c.file.replace(/^assets\/lib-|-[\w-]{8}\.js$/g, '')}`,
    );
  const firstKb = kb(first.totalGzipBytes);
  const entryKb = kb(entryOnly.totalGzipBytes);

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
      `Enforced ceiling today: ${BUDGET_CEILING_KB} kB (the goal is ${BUDGET_GOAL_KB} kB).`,
    ],
    metrics: [
      {
        id: 'first-screen',
        label: 'first guest screen (/demo-bistro → PIN entry), JS gzip',
        value: firstKb,
        unit: 'kB',
        perRun: [firstKb],
        goal: checkGoal(firstKb, '<=', BUDGET_GOAL_KB, `≤ ${BUDGET_GOAL_KB} kB`),
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
    ],
    details: [
      { title: 'The first guest screen’s scripts, largest first', text: breakdown(first) },
      {
        title: 'The same screen with each library in a chunk of its own (a second build, for attribution)',
        text: byLibrary.join('\n'),
      },
    ],
  });
  console.log(
    `bundle: first guest screen ${firstKb} kB gzip (goal ${BUDGET_GOAL_KB} kB), entry ${entryKb} kB; ${file}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
