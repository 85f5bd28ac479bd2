/**
 * Compares web builds on the Lighthouse bench's cold run (mobile, Slow 4G, simulate): runs alternate
 * between the builds, so a slower hour of the machine falls on every build alike. TBT moves by tens of
 * milliseconds from run to run; a gain of 20–30 ms needs 12 or more rounds to show (decision 0161).
 *
 *   npx tsx bench/lighthouse-ab.ts <dist> <dist> [...]   (BENCH_AB_ROUNDS, default 12)
 *
 * Each dist is a production build of apps/web (`vite build --outDir <dist>`), served by its own server
 * on PGlite. Prints each run and the medians, first over the runs viz did not throttle (as the bench's
 * goal rows, decision 0162), then over every run; writes nothing to docs/performance.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LighthouseFigures, launchChrome, notThrottled, runLighthouse } from './lib/lighthouse-run';
import { startServer } from './lib/lighthouse-server';
import { median, round } from './lib/stats';

const dists = process.argv.slice(2);
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 12);
if (dists.length < 2 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npx tsx bench/lighthouse-ab.ts <dist> <dist> [...] (BENCH_AB_ROUNDS ≥ 1)');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'vv-lighthouse-ab-'));
const servers = [];
try {
  for (const [i, dist] of dists.entries()) servers.push(await startServer(dist, join(work, `data-${i}`)));
  const runs: LighthouseFigures[][] = dists.map(() => []);
  // Round 0 is not counted: it warms each server's caches and the OS file cache, as in the bench.
  for (let r = 0; r <= rounds; r++) {
    const order = r % 2 === 0 ? dists.keys() : [...dists.keys()].reverse();
    for (const i of order) {
      const chrome = await launchChrome();
      try {
        const url = `http://127.0.0.1:${servers[i]?.port}/demo-bistro`;
        const { figures } = await runLighthouse(url, chrome.port, 'simulate');
        if (r === 0) continue;
        runs[i]?.push(figures);
        console.log(
          `round ${r} ${dists[i]}: TBT ${Math.round(figures.tbtMs)} ms, LCP ${Math.round(figures.lcpMs)} ms (${figures.throttledBeginFrames} BeginFrames withheld by viz, decision 0162)`,
        );
      } finally {
        chrome.kill();
      }
    }
  }
  const medians = (of: LighthouseFigures[]) => {
    const tbt = of.map((f) => Math.round(f.tbtMs));
    const lcp = round(median(of.map((f) => f.lcpMs)) / 1000, 3);
    return `TBT median ${median(tbt)} ms (${tbt.join(', ')}); LCP median ${lcp} s; ${of.length} runs`;
  };
  for (const [i, dist] of dists.entries()) {
    const all = runs[i] ?? [];
    console.log(`${dist}, runs viz did not throttle: ${medians(all.filter(notThrottled))}`);
    console.log(`${dist}, every run: ${medians(all)}`);
  }
} finally {
  for (const { server } of servers) await server.stop(10_000);
  rmSync(work, { recursive: true, force: true });
}
