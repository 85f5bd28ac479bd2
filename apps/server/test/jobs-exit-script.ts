// Run by jobs-exit.test.ts in a child process: starts the in-process scheduler and never stops it.
// The process must still end on its own, because the scheduler's timer is unref'd. The database is
// closed first: PGlite (like PostgreSQL 15+) arms a statistics timer after each query that would
// otherwise hold the process for a few seconds, and this script is about the scheduler's timer.
import { createDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { databaseScheduler } from '../src/services/jobs/database-scheduler';

const database = await createDatabase({});
await migrate(database);
let runs = 0;
const scheduler = databaseScheduler({
  db: database.db,
  clock: systemClock,
  jobs: [{ name: 'exit-check', everyMinutes: 1, run: async () => ({ runs: ++runs }) }],
  pollMs: 10 * 60_000,
});
await scheduler.start();
await database.close();
console.log(JSON.stringify({ started: true, runs }));
