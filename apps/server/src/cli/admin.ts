import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { createDatabase } from '../db/connection';
import { migrate } from '../db/migrate';
import { loadPasscodeKey } from '../services/devices/passcode-seal';
import { runAdmin, usageProblem } from './commands';

/** `npm run admin -- <command> …`: devices, companies and operators, against the server's database (commands.ts). */
async function main(): Promise<void> {
  // A typo should not wait for the database to open.
  const problem = usageProblem(process.argv.slice(2));
  if (problem) {
    console.error(problem.output);
    process.exitCode = problem.code;
    return;
  }
  const config = loadConfig();
  // PGlite has one process at a time and a second opener would not be refused, so two writers could
  // corrupt the files: PGlite keeps postmaster.pid while the database is open (the server is running).
  const pidFile = join(config.dataDir, 'pglite', 'postmaster.pid');
  if (!config.databaseUrl && existsSync(pidFile)) {
    console.error(
      `The database in ${config.dataDir} is open: stop the server first (PGlite serves one process at a time).\n` +
        `If no server is running (it was killed), delete ${pidFile} and try again.`,
    );
    process.exitCode = 1;
    return;
  }
  const database = await createDatabase(config);
  try {
    await migrate(database);
    const passcodeKey = await loadPasscodeKey(config);
    const linkOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
    const outcome = await runAdmin(
      { db: database.db, passcodeKey, now: new Date(), linkOrigin },
      process.argv.slice(2),
    );
    (outcome.code === 0 ? console.log : console.error)(outcome.output);
    process.exitCode = outcome.code;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
