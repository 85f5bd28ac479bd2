import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../src/db/schema';
import { hashPassword } from '../../src/services/operators/password';
import { CONSOLE_AUTH_POLICY } from '../../src/services/operators/sign-in';
import { createRateLimiter, type RateLimiter } from '../../src/services/rate-limit/limiter';
import { databases } from '../databases';
import { call, type Harness, NOW, startHarness } from '../harness';
import { movableClock } from '../retention-fixtures';
import { CONSOLE, DEMO_SIGN_INS, SITE_ORIGIN, sessionCookieOf, signIn } from '../support/console';
import { expectRedis, serviceUrl } from '../support/services';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const REDIS_URL = serviceUrl('TEST_REDIS_URL');
const { owner } = DEMO_SIGN_INS;

/** A sign-in from an address (inject's remoteAddress is request.ip without a trusted proxy). */
const signInFrom = (h: Harness, address: string, email: string, password: string, origin = SITE_ORIGIN) =>
  call(h.app, {
    method: 'POST',
    url: `${CONSOLE}/session`,
    remoteAddress: address,
    headers: { origin },
    payload: { email, password },
  });

/** A Set-Cookie's attributes by lower-case name (the name=value pair left out). */
const attributes = (cookie: string) =>
  new Map(
    cookie
      .split(';')
      .slice(1)
      .map((part) => {
        const [name = '', ...value] = part.trim().split('=');
        return [name.toLowerCase(), value.join('=')] as const;
      }),
  );

/** A signed-up operator of company 1 of its own, so each test's lockouts touch nobody else. */
async function freshOperator(h: Harness, password: string): Promise<string> {
  const email = `sec-${randomBytes(4).toString('hex')}@demo.test`;
  await h.database.db
    .insert(operators)
    .values({ companyId: 1, email, role: 'owner', passwordHash: await hashPassword(password) });
  return email;
}

describe.each(databases())('console sessions and sign-in, security, on $name', (target) => {
  let h: Harness;
  const clock = movableClock(NOW);
  // Each test starts two windows (30 min) after the last: no counter of another test reaches it.
  let start = NOW.getTime();
  const fresh = () => {
    start += 31 * MINUTE;
    clock.set(new Date(start));
  };
  beforeAll(async () => {
    // TRUST_PROXY as a deployment behind a load balancer on this host: X-Forwarded-Proto names HTTPS.
    h = await startHarness(target, {
      clock,
      deps: () => ({ config: { logLevel: 'silent', trustProxy: ['127.0.0.1'] } }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the cookie: HttpOnly, SameSite=Lax, the console path, Secure only over HTTPS through the trusted proxy', async () => {
    fresh();
    const plain = await signInFrom(h, '127.0.0.1', owner.email, owner.password);
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(/^vv_console=[A-Za-z0-9_-]{43};/);
    const flags = attributes(cookie);
    expect([...flags.keys()].sort()).toEqual(['expires', 'httponly', 'path', 'samesite']);
    expect(flags.get('path')).toBe('/api/v1/console');
    expect(flags.get('samesite')).toBe('Lax');
    // 14 days from now (O2.2).
    expect(new Date(flags.get('expires') ?? '').getTime()).toBe(Math.floor((start + 14 * DAY) / 1000) * 1000);

    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'console.example' };
    const proxied = await call(h.app, {
      method: 'POST',
      url: `${CONSOLE}/session`,
      remoteAddress: '127.0.0.1',
      headers: { ...https, origin: 'https://console.example' },
      payload: { email: owner.email, password: owner.password },
    });
    expect(proxied.status).toBe(200);
    const secure = attributes(String(proxied.headers['set-cookie']));
    expect([...secure.keys()].sort()).toEqual(['expires', 'httponly', 'path', 'samesite', 'secure']);
    // A client that is not the proxy cannot claim HTTPS: its X-Forwarded-Proto is not believed.
    const spoofed = await call(h.app, {
      method: 'POST',
      url: `${CONSOLE}/session`,
      remoteAddress: '198.51.100.7',
      headers: { ...https, origin: SITE_ORIGIN },
      payload: { email: owner.email, password: owner.password },
    });
    expect(spoofed.status).toBe(200);
    expect(attributes(String(spoofed.headers['set-cookie'])).has('secure')).toBe(false);
  });

  it('a state change from a foreign, opaque or missing Origin is refused with 403 10034; reads are not', async () => {
    fresh();
    const caller = await signIn(h, owner.email, owner.password);
    const changes = [
      {
        method: 'POST',
        url: `${CONSOLE}/session`,
        payload: { email: owner.email, password: owner.password },
      },
      { method: 'PATCH', url: `${CONSOLE}/me`, payload: { name: 'Evil' } },
      { method: 'DELETE', url: `${CONSOLE}/session` },
      { method: 'DELETE', url: `${CONSOLE}/sessions` },
      { method: 'POST', url: `${CONSOLE}/password-reset`, payload: { email: owner.email } },
    ] as const;
    for (const origin of ['https://evil.example', 'http://localhost:8080', 'null', undefined]) {
      for (const change of changes) {
        const answer = await call(h.app, {
          ...change,
          headers: { cookie: caller.cookie, ...(origin === undefined ? {} : { origin }) },
        });
        const said = `${change.method} ${change.url} from ${origin}`;
        expect(answer.status, said).toBe(403);
        expect(answer.body.error, said).toEqual({
          code: 10034,
          message: 'Cross-site request refused',
          detail: { origin: origin ?? null },
          ui: false,
        });
      }
    }
    // Nothing happened: the session lives, the name is unchanged.
    const me = await call(h.app, {
      method: 'GET',
      url: `${CONSOLE}/me`,
      headers: { ...caller, origin: 'https://evil.example' },
    });
    expect(me.status).toBe(200);
    expect(me.body.data.operator.name).toBe('Olivia Owner');
  });

  it('O2.4 five failures lock the e-mail from every address, the right password included (429, Retry-After)', async () => {
    fresh();
    const email = await freshOperator(h, 'the-right-password');
    for (let i = 0; i < 5; i++) {
      const wrong = await signInFrom(h, `203.0.113.${i + 1}`, email, `guess-${i}-wrong`);
      expect(wrong.status, `guess ${i}`).toBe(401);
    }
    const locked = await signInFrom(h, '203.0.113.99', ` ${email.toUpperCase()}`, 'the-right-password');
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe(10021);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(sessionCookieOf(locked.headers)).toBeNull();
    // Once Retry-After has passed, the right password works again.
    clock.set(new Date(start + retryAfter * 1000));
    expect((await signInFrom(h, '203.0.113.99', email, 'the-right-password')).status).toBe(200);
  });

  it('O2.4 five failures lock the address for every e-mail; another address is not slowed', async () => {
    fresh();
    const email = await freshOperator(h, 'the-right-password');
    for (let i = 0; i < 5; i++) {
      expect((await signInFrom(h, '198.51.100.50', `nobody-${i}@demo.test`, 'whatever-it-is')).status).toBe(
        401,
      );
    }
    expect((await signInFrom(h, '198.51.100.50', email, 'the-right-password')).status).toBe(429);
    expect((await signInFrom(h, '198.51.100.51', email, 'the-right-password')).status).toBe(200);
  });

  it('O2.4 only failures count: a right password in between does not add to them', async () => {
    fresh();
    const email = await freshOperator(h, 'the-right-password');
    for (let i = 0; i < 4; i++)
      expect((await signInFrom(h, '192.0.2.10', email, 'wrong-password')).status).toBe(401);
    expect((await signInFrom(h, '192.0.2.10', email, 'the-right-password')).status).toBe(200);
    expect((await signInFrom(h, '192.0.2.10', email, 'wrong-password')).status).toBe(401);
    expect((await signInFrom(h, '192.0.2.10', email, 'the-right-password')).status).toBe(429);
  });

  it('password-reset requests are limited per address: 5 in 15 minutes', async () => {
    fresh();
    const reset = (address: string, email: string) =>
      call(h.app, {
        method: 'POST',
        url: `${CONSOLE}/password-reset`,
        remoteAddress: address,
        headers: { origin: SITE_ORIGIN },
        payload: { email },
      });
    for (let i = 0; i < 5; i++) expect((await reset('192.0.2.77', `x${i}@demo.test`)).status).toBe(200);
    expect((await reset('192.0.2.77', 'x9@demo.test')).status).toBe(429);
    expect((await reset('192.0.2.78', 'x9@demo.test')).status).toBe(200);
  });

  it('O2.2 a session slides 14 days from its last use, and ends 14 days after it', async () => {
    fresh();
    const caller = await signIn(h, owner.email, owner.password);
    const me = () => call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers: caller });
    clock.set(new Date(start + 13 * DAY));
    const used = await me();
    expect(used.status).toBe(200);
    // The cookie's expiry slides with it.
    const renewed = attributes(String(used.headers['set-cookie'])).get('expires') ?? '';
    expect(new Date(renewed).getTime()).toBe(Math.floor((start + 27 * DAY) / 1000) * 1000);
    expect((await me()).headers['set-cookie']).toBeUndefined();
    clock.set(new Date(start + 27 * DAY - 1));
    expect((await me()).status).toBe(200);
    clock.set(new Date(start + 27 * DAY - 1 + 14 * DAY));
    const ended = await me();
    expect(ended.status).toBe(401);
    expect(String(ended.headers['set-cookie'])).toMatch(/^vv_console=;/);
  });

  it('sign out everywhere ends every session of the operator, and only theirs', async () => {
    fresh();
    const email = await freshOperator(h, 'the-right-password');
    const [a, b] = [
      await signIn(h, email, 'the-right-password'),
      await signIn(h, email, 'the-right-password'),
    ];
    const other = await signIn(h, owner.email, owner.password);
    const out = await call(h.app, { method: 'DELETE', url: `${CONSOLE}/sessions`, headers: a });
    expect(out.body).toEqual({ data: { ended: 2 } });
    for (const [who, headers, status] of [
      ['a', a, 401],
      ['b', b, 401],
      ['another operator', other, 200],
    ] as const) {
      expect((await call(h.app, { method: 'GET', url: `${CONSOLE}/me`, headers })).status, who).toBe(status);
    }
  });
});

describe('PUBLIC_URL names the site: the Origin check takes its origin, not the Host header', () => {
  const [pglite] = databases();
  let h: Harness;
  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite');
    h = await startHarness(pglite, {
      deps: () => ({ config: { logLevel: 'silent', publicUrl: 'https://feedback.example.com' } }),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('accepts the public origin and refuses the Host-derived one', async () => {
    expect(
      (await signInFrom(h, '127.0.0.1', owner.email, owner.password, 'https://feedback.example.com')).status,
    ).toBe(200);
    expect((await signInFrom(h, '127.0.0.1', owner.email, owner.password, SITE_ORIGIN)).status).toBe(403);
  });
});

describe.skipIf(!REDIS_URL)(
  'the sign-in limits in Redis (REDIS_URL): any replica counts every failure',
  () => {
    const [pglite] = databases();
    const prefix = `vv:test:console:${randomBytes(6).toString('hex')}:`;
    let replicas: Harness[] = [];
    const limiters: RateLimiter[] = [];
    beforeAll(async () => {
      if (!pglite || !REDIS_URL) throw new Error('no PGlite or Redis');
      await expectRedis(REDIS_URL);
      // Two servers of one installation: each its own app (here even its own database), one Redis.
      const replica = () =>
        startHarness(pglite, {
          deps: (database) => {
            const limiter = createRateLimiter(
              { db: database.db, redisUrl: REDIS_URL, keyPrefix: prefix },
              CONSOLE_AUTH_POLICY,
            );
            limiters.push(limiter);
            return { consoleAuthLimiter: limiter };
          },
        });
      replicas = [await replica(), await replica()];
    });
    afterAll(async () => {
      await Promise.all(replicas.map((r) => r.close()));
      await Promise.all(limiters.map((l) => l.close()));
      const redis = new Redis(REDIS_URL ?? '');
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('failures spread over two replicas lock the e-mail on both', async () => {
      const [one, two] = replicas as [Harness, Harness];
      for (let i = 0; i < 5; i++) {
        expect(
          (await signInFrom(i % 2 ? one : two, `203.0.113.${i}`, owner.email, 'wrong-password')).status,
        ).toBe(401);
      }
      expect((await signInFrom(one, '203.0.113.50', owner.email, owner.password)).status).toBe(429);
      expect((await signInFrom(two, '203.0.113.51', owner.email, owner.password)).status).toBe(429);
    });
  },
);
