import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/connection';
import { demoTemplate } from './db/seed';
import { DEMO_PASSCODE } from './db/seed/demo-company';
import { hashPasscode } from './lib/passcode';

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
  // The database's slow parts run on other threads: filling a new data dir from the template (libuv)
  // and compiling PGlite's WebAssembly (V8). Started before the rest of the server is imported, so the
  // main thread evaluates those modules meanwhile instead of waiting (decision 0153).
  // A new one starts as a copy of the demo template, seeded once per install (decision 0165).
  const demo = newDataDir ? demoTemplate() : undefined;
  const opening = createDatabase({ ...config, demo });
  opening.catch(() => {}); // awaited by serve, which reports a failure
  const { serve } = await import('./serve');
  await serve(config, opening, passcodeHash);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
