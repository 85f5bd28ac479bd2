/**
 * The server side of config.bench.ts, run as its own process so the load generator does not share its
 * event loop: the real app on in-memory PGlite with the demo seed, plus a hello-world route as the
 * baseline. Prints `READY <port>` once listening.
 */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { systemClock } from '../../apps/server/src/lib/clock';
import { benchAppParts } from './app-parts';
import { openBenchDatabase } from './bench-db';

const bench = await openBenchDatabase('pglite');
// As main.ts runs it: read-mostly answers cached for the default TTL.
const parts = await benchAppParts();
const app = await buildApp({
  db: bench.database.db,
  config: { logLevel: 'warn' },
  clock: systemClock,
  cacheTtlMs: loadConfig({}).configCacheTtlMs,
  storage: parts.storage,
  passcodeKey: parts.passcodeKey,
  mailer: parts.mailer,
});
app.addHook('onClose', parts.remove);
app.get('/bench/hello', () => ({ hello: 'world' }));
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
