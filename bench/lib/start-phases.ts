/**
 * Times the phases of a server start in a fresh process, mirroring apps/server/src/main.ts step by step
 * (imports, database open, migrate, seed, app build, listen). Diagnostic for cold-start.bench.ts.
 * Usage: tsx bench/lib/start-phases.ts <dataDir>; prints one line `PHASES <JSON of { phase: ms }>`.
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
if (!dataDir) throw new Error('usage: start-phases.ts <dataDir>');
const { join, resolve } = await import('node:path');
const { buildApp } = await import('../../apps/server/src/app');
const { createDatabase } = await import('../../apps/server/src/db/connection');
const { prepareDataDir } = await import('../../apps/server/src/db/connection-template');
const { migrate } = await import('../../apps/server/src/db/migrate');
const { seedDemo } = await import('../../apps/server/src/db/seed');
const { systemClock } = await import('../../apps/server/src/lib/clock');
const { webPlugin } = await import('../../apps/server/src/plugins/web');
// The rest of main.ts's imports (jobs, rate limits, storage, passcode seal), unused here but loaded by
// every start: what they import at the top counts (decision 0152 made pg-boss, ioredis and sharp lazy).
await Promise.all([
  import('../../apps/server/src/services/jobs'),
  import('../../apps/server/src/services/rate-limit/limiter'),
  import('../../apps/server/src/services/storage'),
  import('../../apps/server/src/services/devices/admin'),
  import('../../apps/server/src/services/devices/passcode-seal'),
]);
lap('import server modules');
// createDatabase does this itself; called first here to time it apart (it is a no-op the second time).
await prepareDataDir(join(dataDir, 'pglite'));
lap('fill an empty data dir from the template (prepareDataDir)');
const database = await createDatabase({ dataDir });
lap('open PGlite (createDatabase)');
await migrate(database);
lap('migrate');
await seedDemo(database.db);
lap('seed demo (or find it there)');
const app = await buildApp({ db: database.db, config: { logLevel: 'warn' }, clock: systemClock });
await app.register(webPlugin, { distDir: resolve('apps/web/dist') });
lap('build app and web plugin');
await app.listen({ host: '127.0.0.1', port: 0 });
lap('listen');
// Process start and the tsx loader, before this module ran: from the parent's spawn time (SPAWNED_AT).
const spawnedAt = Number(process.env.SPAWNED_AT);
if (spawnedAt > 0)
  phases['node and tsx start, before the first module'] = Math.round(
    performance.timeOrigin + started - spawnedAt,
  );
await app.close();
await database.close();
// Marked: the app's own warnings (an unbuilt web app) are JSON lines on stdout too.
process.stdout.write(`PHASES ${JSON.stringify(phases)}\n`);
