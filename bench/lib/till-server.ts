/**
 * The server side of till.bench.ts, in its own process so the load generator does not share its event
 * loop: the real app on PGlite (on the data dir BENCH_PGLITE_DIR when set, else in memory) or PostgreSQL
 * (BENCH_KIND) with the demo seed and an integration key with both till scopes. Prints
 * `READY <port> <key>` once listening.
 */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { integrationKeys } from '../../apps/server/src/db/schema';
import { systemClock } from '../../apps/server/src/lib/clock';
import { newKey } from '../../apps/server/src/services/integrations';
import { benchAppParts } from './app-parts';
import { openBenchDatabase } from './bench-db';

const kind = process.env.BENCH_KIND === 'postgres' ? 'postgres' : 'pglite';
const bench = await openBenchDatabase(kind, { dataDir: process.env.BENCH_PGLITE_DIR || undefined });
const db = bench.database.db;
const { key, keyHash, prefix } = newKey();
await db.insert(integrationKeys).values({
  companyId: 1,
  name: 'till bench',
  prefix,
  keyHash,
  scopes: ['transactions:write', 'menu:write'],
});

const { configCacheTtlMs } = loadConfig({ ...process.env, DATABASE_URL: undefined });
const parts = await benchAppParts();
const app = await buildApp({
  db,
  storage: parts.storage,
  passcodeKey: parts.passcodeKey,
  mailer: parts.mailer,
  // One key sends every round's checks (tens of thousands a minute): the per-key limit (60,000 a
  // minute by default, decision 0241) would answer 429 from the second round on. It is measured apart.
  config: { logLevel: 'warn', integrationKeyLimit: 10_000_000 },
  clock: systemClock,
  cacheTtlMs: configCacheTtlMs,
});
app.addHook('onClose', parts.remove);

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
process.stdout.write(`READY ${address.port} ${key}\n`);

const stop = async () => {
  await app.close();
  await bench.dispose();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
