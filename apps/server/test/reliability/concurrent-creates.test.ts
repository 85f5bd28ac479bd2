/**
 * Issue 9's create race at npm-test size: 50 guids × 10 concurrent creates (500 requests, 250 in
 * flight). The full 1,000 guids run in soak/concurrent-creates.soak.ts.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { databases } from '../databases';
import { type Harness, startHarness } from '../harness';
import { raceCreates } from './concurrent-creates';

describe.each(databases())('concurrent creates of one guid on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('50 guids × 10 concurrent creates: 50 responses, one id and secret per guid, no 5xx', async () => {
    await raceCreates(h, { guids: 50, copies: 10, guidsAtOnce: 25 });
  }, 120_000);
});
