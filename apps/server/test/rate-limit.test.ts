import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connection';
import { rateLimits } from '../src/db/schema';
import { databaseRateLimitStore } from '../src/services/rate-limit/database-store';
import {
  failureLimiter,
  type LimitTarget,
  LOOKUP_POLICY,
  type RateLimiter,
} from '../src/services/rate-limit/limiter';
import { redisRateLimitStore } from '../src/services/rate-limit/redis-store';
import type { RateLimitStore } from '../src/services/rate-limit/store';
import { databases } from './databases';
import { expectRedis, serviceUrl } from './support/services';

const MINUTE = 60_000;
const WINDOW = LOOKUP_POLICY.windowMs;
// A window boundary, so tests can place attempts just before and after one.
const W0 = new Date(Math.floor(Date.parse('2025-06-14T18:30:00Z') / WINDOW) * WINDOW);
const at = (ms: number) => new Date(W0.getTime() + ms);

/** Reserves once and settles the attempt as the route would: found releases it, a failure keeps it. */
async function attempt(limiter: RateLimiter, targets: LimitTarget[], now: Date, found = false) {
  const reservation = await limiter.reserve(targets, now);
  if (reservation.allowed && found) await reservation.release();
  return reservation;
}

async function fail(limiter: RateLimiter, targets: LimitTarget[], now: Date, times: number) {
  for (let i = 0; i < times; i++) expect((await attempt(limiter, targets, now)).allowed).toBe(true);
}

/** The same behaviour from every store. `fresh` gives a limiter whose counters nobody else touches. */
function limiterContract(fresh: () => RateLimiter) {
  it('5 failures pass, the 6th attempt is refused with Retry-After until the window is done', async () => {
    const limiter = fresh();
    await fail(limiter, ['a'], at(MINUTE), 5);
    const refused = await attempt(limiter, ['a'], at(MINUTE));
    // 5 failures in this window alone: open once it is no longer "the previous window", 2 windows on.
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: (2 * WINDOW - MINUTE) / 1000 });
    // Other targets are not affected.
    expect((await attempt(limiter, ['b'], at(MINUTE))).allowed).toBe(true);
  });

  it('successes never count: 50 found lookups, then still 5 failures allowed', async () => {
    const limiter = fresh();
    for (let i = 0; i < 50; i++)
      expect((await attempt(limiter, ['busy'], at(MINUTE), true)).allowed).toBe(true);
    await fail(limiter, ['busy'], at(2 * MINUTE), 5);
    expect((await attempt(limiter, ['busy'], at(2 * MINUTE), true)).allowed).toBe(false);
  });

  it('a success does not wipe earlier failures (a known PIN cannot reset the count)', async () => {
    const limiter = fresh();
    await fail(limiter, ['x'], at(MINUTE), 4);
    expect((await attempt(limiter, ['x'], at(MINUTE), true)).allowed).toBe(true);
    await fail(limiter, ['x'], at(MINUTE), 1);
    expect((await attempt(limiter, ['x'], at(MINUTE))).allowed).toBe(false);
  });

  it('never more than 5 failures in any 15 minutes, also across a window boundary', async () => {
    const limiter = fresh();
    await fail(limiter, ['edge'], at(WINDOW - MINUTE), 3);
    await fail(limiter, ['edge'], at(WINDOW + MINUTE), 2);
    const refused = await attempt(limiter, ['edge'], at(WINDOW + MINUTE));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: (WINDOW - MINUTE) / 1000 });
    // Once the window with the first 3 is two windows back, the 2 recent ones leave room for 3 more.
    await fail(limiter, ['edge'], at(2 * WINDOW), 3);
    expect((await attempt(limiter, ['edge'], at(2 * WINDOW))).allowed).toBe(false);
    // And refused attempts never counted: two windows later everything is open again.
    await fail(limiter, ['edge'], at(4 * WINDOW), 5);
  });

  it('20 parallel guesses: exactly 5 get through', async () => {
    const limiter = fresh();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => attempt(limiter, ['burst'], at(MINUTE))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('an attempt is refused when any of its targets is full, and then counts against none', async () => {
    const limiter = fresh();
    await fail(limiter, ['caller-1', 'pin-1'], at(MINUTE), 5);
    // Another caller guessing the same PIN: refused by the PIN target.
    expect((await attempt(limiter, ['caller-2', 'pin-1'], at(MINUTE))).allowed).toBe(false);
    // ...and that refusal did not use up caller-2's allowance.
    await fail(limiter, ['caller-2', 'pin-2'], at(MINUTE), 5);
  });

  it('a target with its own limit (a ceiling) is refused there, the plain ones at 5', async () => {
    const limiter = fresh();
    const ceiling = { key: 'branch', limit: 8 };
    await fail(limiter, ['device-1', ceiling], at(MINUTE), 5);
    expect((await attempt(limiter, ['device-1', ceiling], at(MINUTE))).allowed).toBe(false);
    // Device 1's lock is its own: device 2 still gets the 3 failures left under the ceiling...
    await fail(limiter, ['device-2', ceiling], at(MINUTE), 3);
    // ...and then the ceiling refuses everyone, a device with no failures too.
    expect(await attempt(limiter, ['device-3', ceiling], at(MINUTE))).toEqual({
      allowed: false,
      retryAfterSeconds: (2 * WINDOW - MINUTE) / 1000,
    });
  });

  it('a key named twice is one counter with the lower of its limits', async () => {
    const limiter = fresh();
    await fail(limiter, ['twice', { key: 'twice', limit: 8 }], at(MINUTE), 5);
    expect((await attempt(limiter, [{ key: 'twice', limit: 8 }, 'twice'], at(MINUTE))).allowed).toBe(false);
    // Counted once per attempt, not twice: alone, its limit of 8 still has room.
    expect((await attempt(limiter, [{ key: 'twice', limit: 8 }], at(MINUTE))).allowed).toBe(true);
  });

  it('release is idempotent', async () => {
    const limiter = fresh();
    await fail(limiter, ['r'], at(MINUTE), 4);
    const reservation = await limiter.reserve(['r'], at(MINUTE));
    if (!reservation.allowed) throw new Error('expected allowed');
    await reservation.release();
    await reservation.release();
    // Still 4 failures: one more is allowed, the one after is not.
    await fail(limiter, ['r'], at(MINUTE), 1);
    expect((await attempt(limiter, ['r'], at(MINUTE))).allowed).toBe(false);
  });
}

describe.each(databases())('rate limits in the database on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  let store: RateLimitStore;

  beforeAll(async () => {
    ({ database, drop } = await target.create({ seed: false }));
    store = databaseRateLimitStore(database.db);
  });
  afterAll(async () => {
    await drop?.();
  });

  limiterContract(() =>
    failureLimiter(store, { ...LOOKUP_POLICY, name: `t${randomBytes(4).toString('hex')}` }),
  );

  it('stores only hashed keys: no PIN or address in the table', async () => {
    const limiter = failureLimiter(store);
    await limiter.reserve(['pin:1:1:pin:654321', 'survey:1|address:203.0.113.9'], at(MINUTE));
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((key) => key.includes('654321') || key.includes('203.0.113.9'))).toBe(false);
    expect(keys.every((key) => /^[a-z0-9]+:[A-Za-z0-9_-]{32}$/.test(key))).toBe(true);
  });

  it('cleanup deletes windows no decision reads any more', async () => {
    const limiter = failureLimiter(store, { ...LOOKUP_POLICY, name: 'cleanup' });
    await fail(limiter, ['c'], at(0), 2);
    await fail(limiter, ['c'], at(WINDOW), 2);
    await fail(limiter, ['c'], at(2 * WINDOW), 2);
    // At 2 windows on, the window of W0 is older than "previous" and goes (with the other tests' rows of W0).
    expect(await limiter.cleanup(at(2 * WINDOW + MINUTE))).toBeGreaterThanOrEqual(1);
    const starts = (await database.db.select({ start: rateLimits.windowStart }).from(rateLimits)).map((r) =>
      r.start.getTime(),
    );
    expect(Math.min(...starts)).toBe(at(WINDOW).getTime());
    // The count of the previous window still decides: 2 + 2 + 1 more allowed, then refused.
    await fail(limiter, ['c'], at(2 * WINDOW), 1);
    expect((await attempt(limiter, ['c'], at(2 * WINDOW))).allowed).toBe(false);
  });
});

// TEST_REDIS_URL (README, Tests): unset, skipped, except in CI, where serviceUrl throws.
const REDIS_URL = serviceUrl('TEST_REDIS_URL') ?? '';
if (!REDIS_URL) console.warn('Redis rate-limit tests skipped: TEST_REDIS_URL is not set');

describe.skipIf(!REDIS_URL)('rate limits in Redis', () => {
  let reached = false;
  beforeAll(async () => {
    await expectRedis(REDIS_URL);
    reached = true;
  });
  // A prefix of its own per run, deleted afterwards: the tests never touch other keys.
  const prefix = `vv:test:${randomBytes(6).toString('hex')}:`;
  const stores: RateLimitStore[] = [];
  const fresh = () => {
    const store = redisRateLimitStore(REDIS_URL, { keyPrefix: `${prefix}${stores.length}:` });
    stores.push(store);
    return failureLimiter(store);
  };

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    if (!reached) return; // nothing to clean, and a client would retry a Redis that is not there
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  limiterContract(fresh);

  it('every counter has an expiry of two windows and a minute', async () => {
    const limiter = fresh();
    await fail(limiter, ['ttl'], at(MINUTE), 1);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}${stores.length - 1}:*`);
      expect(keys).toHaveLength(1);
      const ttl = await redis.pttl(keys[0] ?? '');
      expect(ttl).toBeGreaterThan(2 * WINDOW);
      expect(ttl).toBeLessThanOrEqual(2 * WINDOW + MINUTE);
    } finally {
      await redis.quit();
    }
  });

  it('an unreachable Redis makes reserve fail (the route answers 503), it never hangs', async () => {
    const store = redisRateLimitStore('redis://127.0.0.1:1');
    const limiter = failureLimiter(store);
    try {
      await expect(limiter.reserve(['down'], at(MINUTE))).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});
