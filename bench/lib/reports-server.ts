/**
 * The server side of reports.bench.ts, in its own process: a fresh database (PGlite on the data dir
 * BENCH_PGLITE_DIR, or a vv_bench_<random> database on PostgreSQL: BENCH_KIND) with the demo seed, then
 * `seed:responses` BENCH_REPORTS_COUNT responses over two years (timed: `SEEDED <s>`), ANALYZE, and the
 * real app listening (`READY <port>`), on PostgreSQL with its export processes (decision 0262). The
 * console calls are signed in as the demo owner by the bench.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { queryRows } from '../../apps/server/src/db/connection';
import { seedSyntheticResponses } from '../../apps/server/src/db/seed-responses';
import { systemClock } from '../../apps/server/src/lib/clock';
import { exportProcesses } from '../../apps/server/src/services/exports';
import { benchAppParts } from './app-parts';
import { openBenchDatabase } from './bench-db';

const kind = process.env.BENCH_KIND === 'postgres' ? 'postgres' : 'pglite';
const count = Number(process.env.BENCH_REPORTS_COUNT ?? 1_000_000);

const bench = await openBenchDatabase(kind, { dataDir: process.env.BENCH_PGLITE_DIR || undefined });
const db = bench.database.db;
const started = performance.now();
let reported = 0;
const added = await seedSyntheticResponses(db, {
  count,
  seed: 29,
  now: new Date(),
  days: 730,
  progress: (done) => {
    if (done - reported < count / 10 && done < count) return;
    reported = done;
    process.stderr.write(
      `  seeded ${done} / ${count} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
    );
  },
});
const seconds = (performance.now() - started) / 1000;
if (added !== count) throw new Error(`seed:responses added ${added} of ${count}`);
// What a database that has lived with this history would know; PGlite never analyses on its own.
await db.execute(sql`analyze`);
const [size] = await queryRows<{ mb: number; responses: number }>(
  db,
  sql`select round(pg_database_size(current_database()) / 1048576.0)::int as mb,
      (select count(*)::int from responses) as responses`,
);
process.stdout.write(`SEEDED ${seconds.toFixed(1)} ${size?.responses} ${size?.mb}\n`);

// On PostgreSQL big exports are written by an export process, as serve.ts sets it up (decision 0262).
// BENCH_EXPORT_NODE_ARGS (space-separated) tries other Node options for that process.
const nodeArgs = process.env.BENCH_EXPORT_NODE_ARGS?.split(' ').filter(Boolean);
// BENCH_EXPORT_IN_THREAD=1 writes exports in the server's thread as before 0262, for an A/B on one machine.
const processes =
  kind === 'postgres' && bench.url && process.env.BENCH_EXPORT_IN_THREAD !== '1'
    ? exportProcesses({ databaseUrl: bench.url, ...(nodeArgs?.length ? { nodeArgs } : {}) })
    : undefined;
const parts = await benchAppParts();
const app = await buildApp({
  ...(processes ? { exportProcesses: processes } : {}),
  db,
  storage: parts.storage,
  passcodeKey: parts.passcodeKey,
  mailer: parts.mailer,
  config: { logLevel: 'warn' },
  clock: systemClock,
});
app.addHook('onClose', parts.remove);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
process.stdout.write(`READY ${address.port}\n`);

const stop = async () => {
  await app.close();
  await bench.dispose();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
