import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, queryRows } from '../src/db/connection';
import { databaseRateLimitStore } from '../src/services/rate-limit/database-store';
import { createRateLimiter, failureLimiter, type RateLimiter } from '../src/services/rate-limit/limiter';
import { databases } from './databases';
import { insertDevice, NOW, web } from './harness';
import { movableClock } from './retention-fixtures';
import { unusedMailer } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { tempPhotoStorage } from './support/photo-storage';
import { expectRedis, serviceUrl } from './support/services';

const DAY = 86_400_000;
const tx = (query: string) => `/api/v1/survey/transaction?${query}`;
const UNKNOWN_PIN = 'branchId=1&pin=654321';
const KNOWN_PIN = 'branchId=1&pin=123456';

let addressCounter = 0;
/** A client address no other test uses, so tests do not share counters. */
const newAddress = () => `198.51.100.${++addressCounter}`;

async function lookup(
  app: FastifyInstance,
  query: string,
  address: string,
  headers: Record<string, string> = web(),
) {
  const response = await app.inject({ method: 'GET', url: tx(query), headers, remoteAddress: address });
  return { status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] };
}

async function appWith(database: Database, limiter: RateLimiter, clock = movableClock(NOW)) {
  const photos = await tempPhotoStorage();
  const app = await buildApp({
    db: database.db,
    config: { logLevel: 'silent' },
    clock,
    rateLimiter: limiter,
    storage: photos.storage,
    passcodeKey: TEST_PASSCODE_KEY,
    mailer: unusedMailer(),
  });
  app.addHook('onClose', photos.remove);
  await app.ready();
  return { app, clock };
}

describe.each(databases())('survey.transaction lookup limits on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let clock: ReturnType<typeof movableClock>;

  beforeAll(async () => {
    ({ database, drop } = await target.create({ now: NOW }));
    ({ app, clock } = await appWith(database, failureLimiter(databaseRateLimitStore(database.db))));
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  // Each test starts a day later than the last, in windows of its own.
  let day = 0;
  const nextDay = () => clock.set(new Date(NOW.getTime() + ++day * DAY));

  it('5 lookups that find nothing answer 200; the 6th is 429 10021 with Retry-After, even for a good PIN', async () => {
    nextDay();
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const r = await lookup(app, UNKNOWN_PIN, address);
      expect(r.status).toBe(200);
      expect(r.body.data.pin.error).toBe('INVALID-PIN');
    }
    const refused = await lookup(app, KNOWN_PIN, address);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe(10021);
    expect(refused.body.error.detail.retryAfterSeconds).toBe(Number(refused.retryAfter));
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(30 * 60);
    // Another address at the same slug is not locked out.
    expect((await lookup(app, KNOWN_PIN, newAddress())).body.data.pin.validData).toBe(true);
  });

  it('the lock lasts exactly as long as Retry-After says', async () => {
    nextDay();
    const address = newAddress();
    for (let i = 0; i < 5; i++) await lookup(app, UNKNOWN_PIN.replace('654321', `65432${i}`), address);
    const refused = await lookup(app, KNOWN_PIN, address);
    const wait = Number(refused.retryAfter) * 1000;
    const lockedAt = clock.now().getTime();
    clock.set(new Date(lockedAt + wait - 1000));
    expect((await lookup(app, KNOWN_PIN, address)).status).toBe(429);
    clock.set(new Date(lockedAt + wait));
    expect((await lookup(app, KNOWN_PIN, address)).body.data.pin.validData).toBe(true);
  });

  it('found lookups never count: a busy table answers 40 times from one address', async () => {
    nextDay();
    const address = newAddress();
    for (let i = 0; i < 40; i++) {
      const r = await lookup(app, i % 2 ? KNOWN_PIN : 'branchId=1&tableId=12', address);
      expect(r.status).toBe(200);
      expect(r.body.data.pin.validData).toBe(true);
    }
  });

  it('one PIN guessed from 6 addresses: the 6th is refused (the PIN is a target of its own)', async () => {
    nextDay();
    for (let i = 0; i < 5; i++) expect((await lookup(app, UNKNOWN_PIN, newAddress())).status).toBe(200);
    const sixth = newAddress();
    expect((await lookup(app, UNKNOWN_PIN, sixth)).status).toBe(429);
    // That address itself is not locked: the refused attempt did not count against it.
    for (let i = 0; i < 5; i++)
      expect((await lookup(app, `branchId=1&pin=77777${i}`, sixth)).status).toBe(200);
  });

  it('table numbers: 5 misses lock the address, but a table is never locked for everyone', async () => {
    nextDay();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await lookup(app, 'branchId=1&tableId=7', address)).status).toBe(200);
    expect((await lookup(app, 'branchId=1&tableId=12', address)).status).toBe(429);
    for (let i = 0; i < 8; i++) {
      expect((await lookup(app, 'branchId=1&tableId=7', newAddress())).body.data.pin.error).toBe(
        'NO-TRANSACTION-DATA',
      );
    }
  });

  it('a device is a target whatever address it calls from; another device is not affected', async () => {
    nextDay();
    const device = await insertDevice(database, { branchId: 1 });
    for (let i = 0; i < 5; i++) {
      expect((await lookup(app, `templateId=1&pin=88888${i}`, newAddress(), device)).status).toBe(200);
    }
    expect((await lookup(app, 'templateId=1&pin=123456', newAddress(), device)).status).toBe(429);
    const other = await insertDevice(database, { branchId: 1 });
    expect((await lookup(app, 'templateId=1&pin=123456', newAddress(), other)).body.data.pin.validData).toBe(
      true,
    );
  });

  it('requests refused before the lookup (400) do not count', async () => {
    nextDay();
    const address = newAddress();
    for (let i = 0; i < 10; i++)
      expect((await lookup(app, `${UNKNOWN_PIN}&date=yesterday`, address)).status).toBe(400);
    for (let i = 0; i < 5; i++)
      expect((await lookup(app, `branchId=1&pin=66666${i}`, address)).status).toBe(200);
    expect((await lookup(app, KNOWN_PIN, address)).status).toBe(429);
  });

  it('a limiter store that cannot be reached answers 503 10021, and the lookup does not run unguarded', async () => {
    const broken = createRateLimiter({ db: database.db, redisUrl: 'redis://127.0.0.1:1' });
    const { app: guarded } = await appWith(database, broken);
    try {
      const r = await lookup(guarded, KNOWN_PIN, newAddress());
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe(10021);
    } finally {
      await guarded.close();
      await broken.close();
    }
  });
});

// TEST_REDIS_URL (README, Tests): unset, skipped, except in CI, where serviceUrl throws.
const REDIS_URL = serviceUrl('TEST_REDIS_URL') ?? '';
if (!REDIS_URL) console.warn('Redis route test skipped: TEST_REDIS_URL is not set');

describe.skipIf(!REDIS_URL)('survey.transaction lookup limits with REDIS_URL', () => {
  const prefix = `vv:test:${randomBytes(6).toString('hex')}:`;
  let database: Database;
  let drop: () => Promise<void>;
  let limiter: RateLimiter;
  let app: FastifyInstance;

  beforeAll(async () => {
    await expectRedis(REDIS_URL);
    const [target] = databases();
    if (!target) throw new Error('no database target');
    ({ database, drop } = await target.create({ now: NOW }));
    limiter = createRateLimiter({ db: database.db, redisUrl: REDIS_URL, keyPrefix: prefix });
    ({ app } = await appWith(database, limiter));
  });
  afterAll(async () => {
    await app?.close();
    await limiter?.close();
    await drop?.();
    if (!limiter) return; // Redis did not answer: nothing to clean
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts in Redis: the 6th failed lookup is 429 and nothing lands in rate_limits', async () => {
    expect(limiter.kind).toBe('redis');
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await lookup(app, UNKNOWN_PIN, address)).status).toBe(200);
    expect((await lookup(app, UNKNOWN_PIN, address)).status).toBe(429);
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from rate_limits`);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
