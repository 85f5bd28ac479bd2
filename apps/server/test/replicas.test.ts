import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/migrate';
import { DEMO_BRANCHES, DEMO_STAFF } from '../src/db/seed/demo-company';
import { DEMO_SURVEYS } from '../src/db/seed/demo-surveys';
import { pgQuery, scratchPostgres } from './databases';
import {
  freePort,
  type ServerProcess,
  serverEnv,
  spawnServer,
  stopProcess,
  waitForHealth,
} from './support/main-process';
import { serviceUrl } from './support/services';

const TEST_DATABASE_URL = serviceUrl('TEST_DATABASE_URL');
if (!TEST_DATABASE_URL) console.warn('Replica start test skipped: TEST_DATABASE_URL is not set');

const REPLICAS = 3;

/**
 * Waits until every replica's start waits on a lock in `scratch` (behind the test's uncommitted
 * `create schema drizzle`, or behind the start lock), then rolls that schema back: the database is new
 * again and the replicas go on at the same instant. Throws if a replica exits or 120 s pass first.
 */
async function releasedTogether(
  scratch: { name: string; url: string },
  servers: ServerProcess[],
  holder: pg.Client,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await pgQuery(
      scratch.url,
      `select count(*)::int as n from pg_stat_activity where datname = '${scratch.name}' and wait_event_type = 'Lock'`,
    );
    if (rows[0].n >= servers.length) break;
    const exited = servers.find((server) => server.process.exitCode !== null);
    if (exited) throw new Error(`A replica exited before it reached its migration:\n${exited.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${rows[0].n} of ${servers.length} replicas reached their migration in 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await holder.query('rollback');
}

// Issue 27 item 7, decision 0190: replicas of a rolling deploy start at once on one PostgreSQL
// database; without the start lock the second crashed in drizzle's migrator (CREATE SCHEMA "drizzle":
// duplicate key). Real server processes, as `npm start` runs them (tsx as an import hook, as the soaks
// do: the bundle may be rebuilt meanwhile by main-bundle.test.ts).
describe.skipIf(!TEST_DATABASE_URL)('replicas started at once on a new PostgreSQL database', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;
  let held: pg.Client | undefined;
  afterAll(async () => {
    await held?.end();
    await Promise.all(servers.map((server) => stopProcess(server.process, 10_000)));
    await drop?.();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(`all ${REPLICAS} serve, migrated and seeded once`, { timeout: 240_000 }, async () => {
    const scratch = await scratchPostgres(TEST_DATABASE_URL ?? '', 'replicas');
    drop = scratch.drop;
    // Replicas share the passcode key (a key file each would seal with different keys).
    const DEVICE_PASSCODE_KEY = randomBytes(32).toString('base64url');
    const ports = await Promise.all(Array.from({ length: REPLICAS }, () => freePort()));
    // The test creates drizzle's schema first, uncommitted, so that every replica reaches its migration
    // and waits (releasedTogether): without that, their starts (each compiling its sources) often fell
    // far enough apart for the first to finish migrating before the next began.
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('create schema drizzle');
    held = holder;
    for (const port of ports) {
      const dataDir = mkdtempSync(join(tmpdir(), 'vv-replica-'));
      dataDirs.push(dataDir);
      const env = {
        ...serverEnv({ port, dataDir, databaseUrl: scratch.url }),
        DEVICE_PASSCODE_KEY,
        REDIS_URL: '',
      };
      servers.push(spawnServer(['--import', 'tsx', 'apps/server/src/main.ts'], env));
    }
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    await releasedTogether(scratch, servers, holder);
    const health = await Promise.allSettled(
      servers.map((server, i) =>
        waitForHealth(bases[i] ?? '', server.process, {
          limitMs: 60_000,
          pollMs: 100,
          output: server.output,
        }),
      ),
    );
    // Every failure's output (a crash names its statement), not just the first.
    expect(health.filter((h) => h.status === 'rejected').map((h) => String(h.reason))).toEqual([]);

    for (const base of bases) {
      const config = await fetch(`${base}/api/v1/survey/config?edge=surveys,core`, {
        headers: { 'x-auth-type': 'web', 'x-survey-slug': 'demo-bistro' },
      });
      expect(config.status).toBe(200);
      const { data } = (await config.json()) as {
        data: { core: { company: { keyName: string } }; surveys: { slug: string; templateId: number }[] };
      };
      expect(data.core.company.keyName).toBe('demo');
      expect(data.surveys).toEqual([expect.objectContaining({ slug: 'demo-bistro', templateId: 1 })]);
    }

    // One seeding and one run of each migration, whichever replica did them.
    const count = async (table: string) =>
      Number((await pgQuery(scratch.url, `select count(*)::int as n from ${table}`)).rows[0].n);
    const migrations = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql')).length;
    expect({
      companies: await count('companies'),
      branches: await count('branches'),
      surveys: await count('surveys'),
      staff: await count('staff_members'),
      migrations: await count('drizzle.__drizzle_migrations'),
    }).toEqual({
      companies: 1,
      branches: DEMO_BRANCHES.length,
      surveys: DEMO_SURVEYS.length,
      staff: DEMO_STAFF.length,
      migrations,
    });
  });
});
