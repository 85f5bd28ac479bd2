/**
 * Issue 9: 1,000 guids × 10 concurrent creates (10,000 requests, 1,000 in flight) on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL → 1,000 responses, one id and secret per guid, 0 5xx.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databases } from '../apps/server/test/databases';
import { type Harness, startHarness } from '../apps/server/test/harness';
import { raceCreates } from '../apps/server/test/reliability/concurrent-creates';

describe.each(databases())('1,000 guids × 10 concurrent creates on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('1,000 responses, one id and secret per guid, 0 5xx', async () => {
    const figures = await raceCreates(h, { guids: 1000, copies: 10, guidsAtOnce: 100 });
    console.info(`[soak] creates ${target.name}: ${JSON.stringify(figures)}`);
  });
});
