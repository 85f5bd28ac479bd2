/**
 * Times the phases of a server start in a fresh process, mirroring apps/server/src/main.ts and serve.ts
 * step by step. Diagnostic for cold-start.bench.ts, which bundles this file as `npm start` bundles the
 * server (scripts/build-server.mjs) and runs it with node: `node <bundle> <dataDir>`; prints one line
 * `PHASES <JSON of { phase: ms }>`. Run from the sources with tsx it works too, with tsx's costs in.
 */
// Dynamic imports only (so their time is measured); the empty export makes this file a module.
export {};

const started = performance.now();
const phases: Record<string, number> = {};
let mark = started;
const lap = (phase: string) => {
  const now = performance.now();
  phases[phase] = Math.round(now - mark);
  mark = now;
};

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: start-phases <dataDir>');
// What main.ts imports itself.
const { createDatabase } = await import('../../apps/server/src/db/connection');
const { hashPasscode } = await import('../../apps/server/src/lib/passcode');
const { DEMO_PASSCODE } = await import('../../apps/server/src/db/seed/demo-company');
const { demoTemplate } = await import('../../apps/server/src/db/seed');
await import('../../apps/server/src/config');
lap('import main.ts and the database driver');
// As main.ts on a new data dir: the demo's passcode hash, then the database's open (the template copy
// on libuv's threads and the WebAssembly compile on V8's) go on while the rest is imported.
const { existsSync } = await import('node:fs');
const { join } = await import('node:path');
const newDataDir = !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
const passcodeHash = newDataDir ? hashPasscode(DEMO_PASSCODE) : undefined;
const demo = newDataDir ? demoTemplate() : undefined;
const opening = createDatabase({ dataDir, demo });
opening.catch(() => {});
// What serve.ts imports (app, routes, plugins, jobs, limits, storage, seed…): serve.ts itself.
const { readyDemo } = await import('../../apps/server/src/serve');
const { buildApp } = await import('../../apps/server/src/app');
const { migrate } = await import('../../apps/server/src/db/migrate');
const { systemClock } = await import('../../apps/server/src/lib/clock');
const { webPlugin } = await import('../../apps/server/src/plugins/web');
const { createStorage } = await import('../../apps/server/src/services/storage');
const { createMailer } = await import('../../apps/server/src/services/mail');
lap('import the rest of the server (the database opening meanwhile)');
const database = await opening;
lap('wait for the database: data dir filled, PGlite opened');
await migrate(database);
lap('migrate');
// serve.ts seals under the data dir's key; any key costs the same.
const passcodeKey = (await import('node:crypto')).randomBytes(32);
await readyDemo(database, passcodeKey, passcodeHash);
lap('demo: date the template copy, seed, or find it there');
// serve.ts: createStorage(config.storage), local under the data dir by default.
const storage = createStorage({ kind: 'local', dir: join(dataDir, 'uploads') });
// serve.ts: createMailer(config.mail), the outbox under the data dir without SMTP_URL.
const mailer = createMailer({
  from: 'Venue Voice <no-reply@localhost>',
  outboxDir: join(dataDir, 'outbox'),
  log: console,
});
const app = await buildApp({
  db: database.db,
  config: { logLevel: 'warn' },
  clock: systemClock,
  storage,
  passcodeKey,
  mailer,
});
const { resolve } = await import('node:path');
await app.register(webPlugin, { distDir: resolve('apps/web/dist') });
lap('build app and web plugin');
await app.listen({ host: '127.0.0.1', port: 0 });
lap('listen');
// Process start (and tsx's loader, from the sources), before this module ran: from the parent's spawn
// time (SPAWNED_AT).
const spawnedAt = Number(process.env.SPAWNED_AT);
if (spawnedAt > 0)
  phases['node start, before the first module'] = Math.round(performance.timeOrigin + started - spawnedAt);
await app.close();
await database.close();
// Marked: the app's own warnings (an unbuilt web app) are JSON lines on stdout too.
process.stdout.write(`PHASES ${JSON.stringify(phases)}\n`);
