import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from './connection';
import { migrate } from './migrate';
import { seedDemo } from './seed';
import { DEFAULT_SYNTHETIC_SEED } from './seed/synthetic-responses';
import { seedSyntheticResponses } from './seed-responses';

const USAGE = 'Usage: npm run seed:responses -- <number of responses, 1..10000000> [--seed S] [--days D]';
/** Two years of history by default (issue 29). */
const DEFAULT_DAYS = 730;

/** A whole number within bounds, or the usage and exit 2. */
function wholeNumber(text: string | undefined, fallback: number, min: number, max: number): number {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(USAGE);
    process.exit(2);
  }
  return value;
}

/**
 * `npm run seed:responses -- 1000000`: adds N synthetic responses to the demo company over the last
 * two years (decision 0236), already folded into the reports' rollups, on the database the server uses
 * (DATABASE_URL, else PGlite in DATA_DIR; stop the server first when it runs on PGlite).
 */
async function run(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { seed: { type: 'string' }, days: { type: 'string' } },
  });
  const count = wholeNumber(positionals[0], 10_000, 1, 10_000_000);
  const seed = wholeNumber(values.seed, DEFAULT_SYNTHETIC_SEED, 0, 2 ** 32 - 1);
  const days = wholeNumber(values.days, DEFAULT_DAYS, 1, 3660);
  const database = await createDatabase(loadConfig());
  try {
    await migrate(database);
    await seedDemo(database.db);
    const started = performance.now();
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    let reported = 0;
    const added = await seedSyntheticResponses(database.db, {
      count,
      seed,
      days,
      now: new Date(),
      progress: (done) => {
        // About every tenth, and the last batch.
        if (done - reported < count / 10 && done < count) return;
        reported = done;
        console.log(`  ${done.toLocaleString('en-GB')} / ${count.toLocaleString('en-GB')} (${seconds()} s)`);
      },
    });
    const skipped = count - added;
    console.log(
      `Added ${added} synthetic responses (seed ${seed}, ${days} days) to company demo in ${seconds()} s (${database.driver}).` +
        (skipped > 0 ? ` ${skipped} were there already (same seed): use --seed for others.` : ''),
    );
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
