import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** bench/results, or BENCH_RESULTS_DIR: a run kept apart, so the report shows only its benches beside the document's. */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR
  ? resolve(process.env.BENCH_RESULTS_DIR)
  : join(BENCH_DIR, 'results');
export const REPO_ROOT = resolve(BENCH_DIR, '..');

// Taken when a bench starts (this module loads first): other work on the machine moves every figure.
const LOAD_AT_START = loadavg()[0] ?? 0;

export interface Goal {
  /** As the document shows it, e.g. "≤ 10 ms" or "≥ 0.5× hello world". */
  text: string;
  /** null when the figure could not be measured. */
  met: boolean | null;
}

export interface Metric {
  id: string;
  label: string;
  /** Median over the runs; null when not measured (see note). */
  value: number | null;
  unit: string;
  /** One figure per run, the median of which is `value`. */
  perRun: number[];
  goal?: Goal;
  /** The comparison figure measured in the same run (e.g. hello world beside survey.config). */
  baseline?: { label: string; value: number; unit: string };
  /** Median of the per-run ratios value/baseline, when the goal is on that ratio. */
  ratio?: number;
  note?: string;
}

export interface BenchResult {
  name: string;
  title: string;
  date: string;
  cores: number;
  cpu: string;
  node: string;
  /** 1-minute load average when the bench started and when it ended (above the core count: contended). */
  load: [number, number];
  /** How many measured runs each figure is the median of. */
  runs: number;
  /** How it was measured, one sentence a line. */
  method: string[];
  metrics: Metric[];
  /** Longer evidence shown under the table, e.g. a query plan. */
  details?: { title: string; text: string }[];
}

/** `≤`/`≥` goal check; a missing figure has no verdict. */
export function checkGoal(value: number | null, op: '<=' | '>=', target: number, text: string): Goal {
  if (value === null || Number.isNaN(value)) return { text, met: null };
  return { text, met: op === '<=' ? value <= target : value >= target };
}

export function machine(): Pick<BenchResult, 'date' | 'cores' | 'cpu' | 'node' | 'load'> {
  return {
    date: new Date().toISOString(),
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    load: [Math.round(LOAD_AT_START * 100) / 100, Math.round((loadavg()[0] ?? 0) * 100) / 100],
  };
}

/** Writes bench/results/<name>.json, the input of bench/report.ts. */
export function writeResult(result: BenchResult): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${result.name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
