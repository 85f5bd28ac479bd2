import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/connection';
import { isUndatedDemo, markDemoDated } from './db/connection-template';
import { migrate } from './db/migrate';
import { dateDemoCopy, seedDemo } from './db/seed';
import { DEMO_COMPANY, DEMO_PASSCODE } from './db/seed/demo-company';
import { DEMO_SIGN_INS } from './db/seed/demo-operators';
import { underStartLock } from './db/start-lock';
import { systemClock } from './lib/clock';
import { consolePlugin } from './plugins/console';
import { webPlugin } from './plugins/web';
import { sealKnownPasscode } from './services/devices/admin';
import { loadPasscodeKey } from './services/devices/passcode-seal';
import { REGISTRATION_POLICY } from './services/devices/registration-limit';
import { exportProcesses } from './services/exports';
import { createScheduler, serverJobs } from './services/jobs';
import { createMailer } from './services/mail';
import { CONSOLE_AUTH_POLICY } from './services/operators/sign-in';
import { createRateLimitStore, failureLimiter } from './services/rate-limit/limiter';
import { STAFF_PIN_POLICY } from './services/staff/staff-actor';
import { createStorage } from './services/storage';

/**
 * The server's start after main.ts began opening the database: migrate, seed the demo on an empty
 * database, serve the API and the web app. Its own module so that main.ts can import it after starting
 * the database's work on other threads (decision 0153). `passcodeHash`: the demo passcode's hash, when
 * main.ts started it early.
 */
export async function serve(
  config: Config,
  opening: Promise<Database>,
  passcodeHash: Promise<string> | undefined,
): Promise<void> {
  const database = await opening;
  await migrate(database);
  // device.register needs the branch passcode itself, sealed under this key (decision 0080): a new demo
  // is sealed as it is seeded; sealKnownPasscode seals a demo seeded before sealing existed.
  const passcodeKey = await loadPasscodeKey(config);
  // Under the start lock, as the migrations (decision 0190): replicas started together seed once.
  const seeded = await underStartLock(database, (db) =>
    readyDemo({ ...database, db }, passcodeKey, passcodeHash),
  );

  // One store (one Redis connection when REDIS_URL is set) for every limit: lookups, device
  // registrations, staff PINs and console sign-ins. The cleanup job goes through the lookup limiter; all share its
  // 15-minute window, so it clears their old counters too. Closing the lookup limiter closes the store.
  let log: { error(object: object, message: string): void; info(object: object, message: string): void } =
    console;
  const limitStore = createRateLimitStore({
    db: database.db,
    redisUrl: config.redisUrl,
    onStoreError: (error) => log.error({ err: error }, 'rate-limit store (Redis) error'),
  });
  const rateLimiter = failureLimiter(limitStore);
  // One photo storage for the upload routes and the orphan-photo sweep.
  const storage = createStorage(config.storage);
  // Big exports in processes of their own on PostgreSQL (decision 0262); on PGlite this process owns
  // the database, so they stay in its thread.
  const exports =
    database.driver === 'postgres' && config.databaseUrl
      ? exportProcesses({
          databaseUrl: config.databaseUrl,
          fromRows: config.exportProcessFromRows,
          log: { info: (object, message) => log.info(object, message) },
        })
      : undefined;
  // Says what it sent through the app's log once there is one (the mailer is one of the app's parts).
  const mailer = createMailer({
    ...config.mail,
    log: { info: (object, message) => log.info(object, message) },
  });
  const app = await buildApp({
    db: database.db,
    config,
    clock: systemClock,
    cacheTtlMs: config.configCacheTtlMs,
    rateLimiter,
    registrationLimiter: failureLimiter(limitStore, REGISTRATION_POLICY),
    staffPinLimiter: failureLimiter(limitStore, STAFF_PIN_POLICY),
    consoleAuthLimiter: failureLimiter(limitStore, CONSOLE_AUTH_POLICY),
    passcodeKey,
    storage,
    mailer,
    ...(exports ? { exportProcesses: exports } : {}),
  });
  log = app.log;
  // The 7-day contact-details purge and the photo sweep: pg-boss on PostgreSQL, in-process on PGlite.
  const scheduler = createScheduler({
    database,
    databaseUrl: config.databaseUrl,
    clock: systemClock,
    jobs: serverJobs({
      db: database.db,
      rateLimiter,
      storage,
      alerts: { mailer, linkOrigin: config.publicUrl ?? `http://localhost:${config.port}` },
      // Digests link to the console: PUBLIC_URL, else this server's own address (as the CLI's links).
      digests: {
        mailer,
        origin: config.publicUrl ?? `http://localhost:${config.port}`,
        log: { error: (object, message) => log.error(object, message) },
      },
      webhooks: config.webhooks,
      ...(exports ? { exportProcesses: exports } : {}),
      log: app.log,
    }),
    log: app.log,
  });
  // The operator console at /console (its own build), then the web app, whose catch-all GET comes last so it
  // never shadows an API route.
  await app.register(consolePlugin, { distDir: config.consoleDist });
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
  // Webhook retries a stopped server left resume on the sender's own timer, not a minute later (decision 0245).
  app.webhookSender.kick();
  const base = `http://localhost:${config.port}`;
  const store =
    database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  console.log(
    [
      '',
      `Venue Voice is running on ${base} (database: ${store}${seeded ? ', demo data seeded' : ''})`,
      `  Guest survey:   ${base}/demo-bistro`,
      `  Tablet sign-up: ${base}/register  company ${DEMO_COMPANY.key}, branch 1, passcode ${DEMO_PASSCODE}`,
      `  Console:        ${base}/console  owner ${DEMO_SIGN_INS.owner.email} / ${DEMO_SIGN_INS.owner.password},`,
      `                  manager of branch 1 ${DEMO_SIGN_INS.manager.email} / ${DEMO_SIGN_INS.manager.password}`,
      `  API docs:       ${base}/api/docs`,
      `  Mail:           ${config.mail.smtpUrl ? 'over SMTP (SMTP_URL)' : `written to ${config.mail.outboxDir} (no SMTP_URL)`}`,
      '',
    ].join('\n'),
  );
}

/**
 * The demo company, ready for this start; true when this start put it there. A new data dir holds a
 * copy of the demo template (decision 0165), whose receipts and passcode become this start's own; an
 * empty database gets the seed; an existing demo only has its passcode sealed if it was not yet.
 */
export async function readyDemo(
  database: Database,
  passcodeKey: Buffer,
  passcodeHash: Promise<string> | undefined,
): Promise<boolean> {
  if (database.dataDir && isUndatedDemo(database.dataDir)) {
    await dateDemoCopy(database.db, { now: systemClock.now(), passcodeKey, passcodeHash });
    markDemoDated(database.dataDir);
    return true;
  }
  const seeded = await seedDemo(database.db, { passcodeKey, passcodeHash });
  if (!seeded) await sealKnownPasscode(database.db, passcodeKey, DEMO_PASSCODE);
  return seeded;
}
