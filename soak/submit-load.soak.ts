/**
 * Issue 9: sustained load, 200 survey.submit creates a second for 60 s on PostgreSQL → 0 errors and
 * p99 ≤ 100 ms. The server is the real main.ts in a child process on a fresh database of
 * TEST_DATABASE_URL (dropped afterwards); the latency goal is reported, not asserted; autocannon sends at a fixed overall rate from this process, a
 * new guid per request, so every request stores a row. The voucher pools get codes enough for every
 * create, as in bench/submit.bench.ts, so each request does its full work. Skipped without PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { demoHistoryGuids } from '../apps/server/src/db/seed-responses';
import { pgQuery, scratchPostgres } from '../apps/server/test/databases';
import { DEMO_SUBMIT_HEADERS, demoCreateBody } from '../bench/lib/demo-create';
import { apiProcess, freePort } from './lib/api-process';

const RATE = 200;
const SECONDS = 60;
const CONNECTIONS = 50;
const P99_GOAL_MS = 100;
const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)('sustained submit load on PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  // The p99 goal is measured and printed, not asserted: tests here assert behaviour, never a timing
  // (a shared CI machine would make it flaky); docs/reliability.md records the figure against the goal.
  it(`${RATE} creates/s for ${SECONDS} s: 0 errors, every answered create stored (p99 goal ${P99_GOAL_MS} ms reported)`, async () => {
    const { url, drop } = await scratchPostgres(ADMIN_URL as string, 'vv_soak');
    cleanups.push(drop);
    const dataDir = await mkdtemp(join(tmpdir(), 'vv-soak-load-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const api = apiProcess({
      port: await freePort(),
      dataDir,
      databaseUrl: url,
      webDist: join(dataDir, 'no-web'),
    });
    cleanups.push(() => api.stop());
    await api.start();
    const codes = RATE * SECONDS * 2;
    await pgQuery(
      url,
      `insert into voucher_codes (survey_id, voucher_id, code)
       select 1, v, 'SOAK' || v || '-' || g from generate_series(1, ${codes}) g, (values (1), (2)) vs(v)`,
    );
    const submit = `${api.baseUrl}/api/v1/survey/submit`;
    const check = await fetch(submit, {
      method: 'POST',
      headers: DEMO_SUBMIT_HEADERS,
      body: demoCreateBody(),
    });
    expect(check.status).toBe(200);

    const options = {
      url: submit,
      connections: CONNECTIONS,
      overallRate: RATE,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          headers: DEMO_SUBMIT_HEADERS,
          setupRequest: (request: Record<string, unknown>) => ({
            ...request,
            body: demoCreateBody(),
          }),
        },
      ],
    };
    const result: Result = await autocannon(options as unknown as Options);
    // The creates' rows: the demo's own history (decision 0237) left out.
    const demo = `'{${demoHistoryGuids().join(',')}}'::uuid[]`;
    const [stored] = (
      await pgQuery(url, `select count(*)::int as n from responses where not (guid = any(${demo}))`)
    ).rows as {
      n: number;
    }[];
    const figures = {
      requests: result['2xx'] + result.non2xx,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      ratePerSecond: Math.round(((result['2xx'] + result.non2xx) / result.duration) * 10) / 10,
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      storedRows: stored?.n,
      p99Goal:
        result.latency.p99 <= P99_GOAL_MS ? `met (≤ ${P99_GOAL_MS} ms)` : `MISSED (> ${P99_GOAL_MS} ms)`,
    };
    console.info(`[soak] submit-load ${JSON.stringify(figures)}`);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
    // Every answered create stored its own row (plus the one check request); at the end autocannon cuts
    // the requests still in flight (at most one per connection), which the server may have stored.
    expect(stored?.n).toBeGreaterThanOrEqual(result['2xx'] + 1);
    expect(stored?.n).toBeLessThanOrEqual(result['2xx'] + 1 + CONNECTIONS);
  });
});
