#!/usr/bin/env node
/**
 * `npm run bench` runs every benchmark, `npm run bench -- config cold-start` only those; each writes
 * bench/results/<name>.json, then bench/report.ts rewrites docs/performance.md from all results there.
 * A benchmark never fails on a timing; this exits non-zero only when a benchmark could not run.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHES = [
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
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

const asked = process.argv.slice(2);
if (asked.includes('--list') || asked.includes('--help')) {
  console.log(`npm run bench [-- name ...]; names: ${BENCHES.join(', ')}`);
  process.exit(0);
}
const unknown = asked.filter((name) => !BENCHES.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${BENCHES.join(', ')}.`);
  process.exit(2);
}
const selected = asked.length > 0 ? BENCHES.filter((name) => asked.includes(name)) : BENCHES;

const failed = [];
const suiteStarted = Date.now();
for (const name of selected) {
  console.log(`\n== bench ${name}`);
  const started = Date.now();
  const run = spawnSync(tsx, [join('bench', `${name}.bench.ts`)], { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (run.status === 0) console.log(`== bench ${name}: done in ${seconds} s`);
  else {
    failed.push(name);
    console.error(`== bench ${name}: FAILED (exit ${run.status ?? run.signal}) after ${seconds} s`);
  }
}

console.log(`\n== ${selected.length} bench(es) in ${((Date.now() - suiteStarted) / 60000).toFixed(1)} min`);
const report = spawnSync(tsx, [join('bench', 'report.ts')], { cwd: root, stdio: 'inherit' });
if (report.status !== 0) failed.push('report');
if (failed.length > 0) {
  console.error(`\nCould not run: ${failed.join(', ')}`);
  process.exit(1);
}
