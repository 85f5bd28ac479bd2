import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { DEMO_COMPANY, DEMO_PASSCODE } from './db/seed/demo-company';
import { systemClock } from './lib/clock';
import { hashPasscode } from './lib/passcode';
import { webPlugin } from './plugins/web';
import { sealKnownPasscode } from './services/devices/admin';
import { loadPasscodeKey } from './services/devices/passcode-seal';
import { REGISTRATION_POLICY } from './services/devices/registration-limit';
import { createScheduler, serverJobs } from './services/jobs';
import { createRateLimitStore, failureLimiter } from './services/rate-limit/limiter';
import { STAFF_PIN_POLICY } from './services/staff/staff-actor';
import { createStorage } from './services/storage';

/** Reads config, migrates, seeds the demo on an empty database, serves the API and the web app. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // A new PGlite data dir gets the demo seed, whose passcode hash (scrypt, ~150 ms on libuv's threads)
  // can run while PGlite opens on the main thread (decision 0152). Not on a restart: it would be unused.
  const newDataDir = !config.databaseUrl && !existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'));
  const passcodeHash = newDataDir ? hashPasscode(DEMO_PASSCODE) : undefined;
  // Awaited by the seed; should the seed find the demo there after all, a failure here is moot.
  passcodeHash?.catch(() => {});
  const database = await createDatabase(config);
  await migrate(database);
  // device.register needs the branch passcode itself, sealed under this key (decision 0080): a new demo
  // is sealed as it is seeded; sealKnownPasscode seals a demo seeded before sealing existed.
  const passcodeKey = await loadPasscodeKey(config);
  const seeded = await seedDemo(database.db, { passcodeKey, passcodeHash });
  if (!seeded) await sealKnownPasscode(database.db, passcodeKey, DEMO_PASSCODE);

  // One store (one Redis connection when REDIS_URL is set) for every limit: lookups, device
  // registrations and staff PINs. The cleanup job goes through the lookup limiter; all three share its
  // 15-minute window, so it clears their old counters too. Closing the lookup limiter closes the store.
  let log: { error(object: object, message: string): void } = console;
  const limitStore = createRateLimitStore({
    db: database.db,
    redisUrl: config.redisUrl,
    onStoreError: (error) => log.error({ err: error }, 'rate-limit store (Redis) error'),
  });
  const rateLimiter = failureLimiter(limitStore);
  // One photo storage for the upload routes and the orphan-photo sweep.
  const storage = createStorage(config.storage);
  const app = await buildApp({
    db: database.db,
    config,
    clock: systemClock,
    cacheTtlMs: config.configCacheTtlMs,
    rateLimiter,
    registrationLimiter: failureLimiter(limitStore, REGISTRATION_POLICY),
    staffPinLimiter: failureLimiter(limitStore, STAFF_PIN_POLICY),
    passcodeKey,
    storage,
  });
  log = app.log;
  // The 7-day contact-details purge and the photo sweep: pg-boss on PostgreSQL, in-process on PGlite.
  const scheduler = createScheduler({
    database,
    databaseUrl: config.databaseUrl,
    clock: systemClock,
    jobs: serverJobs({ db: database.db, rateLimiter, storage }),
    log: app.log,
  });
  // Last, so its catch-all GET never shadows an API route.
  await app.register(webPlugin, { distDir: config.webDist });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await scheduler.stop();
    await rateLimiter.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // After listen: a purge missed while the server was down runs now, without delaying the first request.
  await scheduler.start();
  const base = `http://localhost:${config.port}`;
  const store =
    database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  console.log(
    [
      '',
      `Venue Voice is running on ${base} (database: ${store}${seeded ? ', demo data seeded' : ''})`,
      `  Guest survey:   ${base}/demo-bistro`,
      `  Tablet sign-up: ${base}/register  company ${DEMO_COMPANY.key}, branch 1, passcode ${DEMO_PASSCODE}`,
      `  API docs:       ${base}/api/docs`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
