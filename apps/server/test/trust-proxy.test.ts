import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/connection';
import { createRateLimiter } from '../src/services/rate-limit/limiter';
import { databases } from './databases';
import { call, NOW, web } from './harness';
import { DAY, movableClock } from './retention-fixtures';
import { unusedMailer } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { tempPhotoStorage } from './support/photo-storage';

// Which address a request counts as is Fastify's business, not the database's: PGlite is enough.
const [pglite] = databases();
const PROXY = '10.0.0.5';
const CLIENT_A = '203.0.113.10';
const CLIENT_B = '203.0.113.20';
const DIRECT = '198.51.100.9';

let pinCounter = 0;
/** A wrong PIN no other attempt used, so only the caller's target (not the PIN's) fills up. */
const wrongPin = () => `branchId=1&pin=${500_000 + ++pinCounter}`;

describe('TRUST_PROXY and the per-address guess limit (5 failures per 15 min, decision 0146)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = movableClock(NOW);
  let off: FastifyInstance;
  let on: FastifyInstance;

  const appWith = async (trustProxy: string[] | undefined) => {
    const photos = await tempPhotoStorage();
    const app = await buildApp({
      db: database.db,
      config: { logLevel: 'silent', trustProxy },
      clock,
      rateLimiter: createRateLimiter({ db: database.db }),
      storage: photos.storage,
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: unusedMailer(),
    });
    app.addHook('onClose', photos.remove);
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite target');
    ({ database, drop } = await pglite.create({ now: NOW }));
    off = await appWith(loadConfig({}).trustProxy);
    // Read from the environment as main.ts does: a CIDR holding the proxy, and a single address.
    on = await appWith(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }).trustProxy);
  });
  afterAll(async () => {
    await off?.close();
    await on?.close();
    await drop?.();
  });
  // Each test in windows of its own (both apps share the database's counters).
  let day = 0;
  beforeEach(() => clock.set(new Date(NOW.getTime() + ++day * DAY)));

  const lookup = (app: FastifyInstance, from: string, forwardedFor?: string) =>
    call(app, {
      method: 'GET',
      url: `/api/v1/survey/transaction?${wrongPin()}`,
      headers: { ...web(), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      remoteAddress: from,
    });

  /** Five lookups that find nothing pass (200, not found); the caller's sixth must be refused. */
  async function failFiveTimes(attempt: () => ReturnType<typeof lookup>) {
    for (let i = 0; i < 5; i++) {
      const answer = await attempt();
      expect(answer.status).toBe(200);
      expect(answer.body.data.pin.validData).toBe(false);
    }
  }
  const expectLocked = (answer: Awaited<ReturnType<typeof lookup>>) => {
    expect(answer.status).toBe(429);
    expect(answer.body.error.code).toBe(10021);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('off (the default): X-Forwarded-For is ignored, so every guest behind the proxy shares one limit', async () => {
    await failFiveTimes(() => lookup(off, PROXY, CLIENT_A));
    expectLocked(await lookup(off, PROXY, CLIENT_B));
  });

  it('on, the proxy trusted: each client address behind it gets its own 5 failures', async () => {
    await failFiveTimes(() => lookup(on, PROXY, CLIENT_A));
    expectLocked(await lookup(on, PROXY, CLIENT_A));
    // B was never counted with A: its own five, then its own lock.
    await failFiveTimes(() => lookup(on, PROXY, CLIENT_B));
    expectLocked(await lookup(on, PROXY, CLIENT_B));
  });

  it('on: two trusted hops (the CIDR) are looked through to the client', async () => {
    await failFiveTimes(() => lookup(on, PROXY, `${CLIENT_A}, 10.9.9.9`));
    expectLocked(await lookup(on, PROXY, CLIENT_A));
    // The lock is A's, not the hops': B through the same two proxies is still served.
    expect((await lookup(on, PROXY, `${CLIENT_B}, 10.9.9.9`)).status).toBe(200);
  });

  it('on: a caller outside the trusted list cannot escape the limit with a new X-Forwarded-For each time', async () => {
    let n = 0;
    await failFiveTimes(() => lookup(on, DIRECT, `203.0.113.${100 + ++n}`));
    expectLocked(await lookup(on, DIRECT, '203.0.113.200'));
    expectLocked(await lookup(on, DIRECT));
  });

  it('on: a client behind the proxy that sends its own X-Forwarded-For is still counted by its real address', async () => {
    // The proxy appends the address it saw; what the client wrote stands before it and is not believed.
    let n = 0;
    await failFiveTimes(() => lookup(on, PROXY, `203.0.113.${100 + ++n}, ${CLIENT_A}`));
    expectLocked(await lookup(on, PROXY, `203.0.113.250, ${CLIENT_A}`));
  });
});
