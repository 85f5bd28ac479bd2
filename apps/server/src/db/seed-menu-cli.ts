import { loadConfig } from '../config';
import { createDatabase } from './connection';
import { migrate } from './migrate';
import { seedDemo } from './seed';
import { seedSyntheticMenu } from './seed-menu';

/** `npm run seed:menu -- 100000`: adds N synthetic products to the demo company's menu. */
async function run(): Promise<void> {
  const count = Number(process.argv[2] ?? '10000');
  if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
    console.error('Usage: npm run seed:menu -- <number of products, 1..5000000>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await migrate(database);
    await seedDemo(database.db);
    const started = performance.now();
    await seedSyntheticMenu(database.db, { count });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Added ${count} synthetic products to company demo in ${seconds} s (${database.driver}).`);
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
