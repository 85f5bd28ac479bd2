import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { surveyBranches, surveys } from '../../src/db/schema';
import { DEMO_SURVEYS } from '../../src/db/seed/demo-surveys';
import { sealKnownPasscode } from '../../src/services/devices/admin';
import { createRateLimiter } from '../../src/services/rate-limit/limiter';
import { databases } from '../databases';
import { freshDevice, register, TEST_PASSCODE_KEY } from '../device-fixtures';
import { call, type Harness, NOW, startHarness, web } from '../harness';
import { DAY, movableClock } from '../retention-fixtures';
import { deviceAt } from './tenants';

type Answer = Awaited<ReturnType<typeof call>>;

/**
 * One way a guesser may spread tries over one target. `attempt(i)` is the i-th wrong guess (from 0),
 * varying whatever the guesser controls; `last` is the attempt after `failures` of them (5 unless said),
 * which must be refused with 429 10021 and Retry-After (for most, even though it is the right answer:
 * the target is locked, not merely this guess wrong).
 */
interface Spread {
  name: string;
  /**
   * Failures allowed before the lock: 5 per caller, and since decision 0195 a higher branch ceiling
   * for guesses spread over many devices or addresses (one person's mistakes must not lock a branch).
   */
  failures?: number;
  // Numbers, not the policy's constants: raising a ceiling must change this test on purpose.
  attempt: (i: number) => Promise<Answer>;
  last: () => Promise<Answer>;
}

/**
 * The failures before the lock are wrong guesses the limiter counted: a lookup that found nothing (200),
 * a wrong device passcode (10018) or staff PIN (10032); not a refused form, which never reaches it.
 */
const failed = (a: Answer) =>
  a.status === 200 ? a.body.data.pin?.validData === false : [10018, 10032].includes(a.body?.error?.code);

describe.each(databases())('brute force, failures per 15 minutes per target, on $name', (target) => {
  let h: Harness;
  const clock = movableClock(NOW);
  let day = 0;
  beforeAll(async () => {
    h = await startHarness(target, {
      clock,
      prepare: async (database) => {
        await sealKnownPasscode(database.db, TEST_PASSCODE_KEY, 'demo1');
        // A second EPOS survey of the demo company: a guesser may use every slug of a company.
        const bistro = DEMO_SURVEYS.find((s) => s.slug === 'demo-bistro');
        if (!bistro) throw new Error('demo-bistro missing');
        const { branchIds: _, ...row } = bistro;
        await database.db.insert(surveys).values({
          ...row,
          id: 30,
          companyId: 1,
          slug: 'bistro-two',
          definition: { ...bistro.definition, templateId: 30, slug: 'bistro-two' },
        });
        await database.db.insert(surveyBranches).values({ surveyId: 30, branchId: 1 });
      },
      // The real limits over the database (no Redis in tests): lookups, registrations, staff PINs.
      deps: (database) => ({
        passcodeKey: TEST_PASSCODE_KEY,
        rateLimiter: createRateLimiter({ db: database.db }),
      }),
    });
  });
  afterAll(() => h?.close());
  // Every spread starts in windows no earlier one touched (branch and company targets are shared).
  beforeEach(() => clock.set(new Date(NOW.getTime() + ++day * DAY)));

  const lookup = (query: string, options: { slug?: string; address?: string; forwarded?: string } = {}) =>
    call(h.app, {
      method: 'GET',
      url: `/api/v1/survey/transaction?${query}`,
      headers: {
        ...web(options.slug ?? 'demo-bistro'),
        ...(options.forwarded ? { 'x-forwarded-for': options.forwarded } : {}),
      },
      remoteAddress: options.address ?? '198.51.100.7',
    });
  const wrongPin = (i: number) => String(500_000 + i);
  const staff = (device: Record<string, string>, pin: string) =>
    call(h.app, {
      method: 'GET',
      url: '/api/v1/manage/staff/listing',
      headers: { ...device, 'x-staff-pin': pin },
    });

  const spreads: Spread[] = [
    {
      name: 'receipt PINs: many PINs from one address',
      attempt: (i) => lookup(`branchId=1&pin=${wrongPin(i)}`),
      last: () => lookup('branchId=1&pin=123456'),
    },
    {
      name: 'receipt PINs: one address behind a new X-Forwarded-For each time',
      attempt: (i) => lookup(`branchId=1&pin=${wrongPin(i)}`, { forwarded: `203.0.113.${i + 1}` }),
      last: () => lookup('branchId=1&pin=123456', { forwarded: '203.0.113.99' }),
    },
    {
      name: "receipt PINs: one address over the company's slugs",
      attempt: (i) => lookup(`branchId=1&pin=${wrongPin(i)}`, { slug: i % 2 ? 'bistro-two' : 'demo-bistro' }),
      last: () => lookup('branchId=1&pin=123456', { slug: 'bistro-two' }),
    },
    {
      name: 'receipt PINs: one PIN from many addresses, the branch spelt with leading zeros',
      attempt: (i) => lookup(`branchId=${'0'.repeat(i)}1&pin=654321`, { address: `192.0.2.${i + 10}` }),
      last: () => lookup('branchId=1&pin=654321', { address: '192.0.2.99' }),
    },
    {
      name: 'table numbers: one address behind a new X-Forwarded-For each time',
      attempt: (i) => lookup(`branchId=1&tableId=${90 + i}`, { forwarded: `203.0.113.${i + 1}` }),
      last: () => lookup('branchId=1&tableId=12', { forwarded: '203.0.113.99' }),
    },
    {
      name: 'staff PINs (X-Staff-Pin): one device',
      attempt: async (i) => staff(await deviceOf('one'), `99${90 + i}`),
      last: async () => staff(await deviceOf('one'), '1111'),
    },
    {
      name: 'staff PINs (X-Staff-Pin): a new device of the branch each time, stopped at the branch ceiling',
      failures: 25,
      attempt: async (i) => staff(await deviceAt(h.database, 1), `99${90 + i}`),
      last: async () => staff(await deviceAt(h.database, 1), '1111'),
    },
    {
      name: 'device passcodes: one device id from new addresses',
      attempt: (i) =>
        register(h.app, { deviceId: 'guesser', address: `198.51.100.${i + 1}`, passcode: `bad${i}` }),
      last: () => register(h.app, { deviceId: 'guesser', address: '198.51.100.99', passcode: 'demo1' }),
    },
    {
      name: 'device passcodes: one address, new device ids, the branch spelt with zeros',
      failures: 10,
      attempt: (i) =>
        register(h.app, {
          deviceId: freshDevice().deviceId,
          address: '198.51.100.7',
          branch: `${'0'.repeat(i % 5)}1`,
          passcode: `bad${i}`,
        }),
      last: () =>
        register(h.app, { deviceId: freshDevice().deviceId, address: '198.51.100.7', passcode: 'demo1' }),
    },
    {
      name: 'device passcodes: new device ids and addresses, the branch spelt with zeros, stopped at the branch ceiling',
      failures: 25,
      attempt: (i) => {
        const { deviceId, address } = freshDevice();
        return register(h.app, { deviceId, address, branch: `${'0'.repeat(i % 5)}1`, passcode: `bad${i}` });
      },
      last: () => {
        const { deviceId, address } = freshDevice();
        return register(h.app, { deviceId, address, passcode: 'demo1' });
      },
    },
  ];

  const devices = new Map<string, Record<string, string>>();
  async function deviceOf(name: string) {
    const key = `${day}:${name}`;
    if (!devices.has(key)) devices.set(key, await deviceAt(h.database, 1));
    return devices.get(key) ?? {};
  }

  it.each(spreads)('$name: its failures, then 429 10021 with Retry-After', async (spread) => {
    for (let i = 0; i < (spread.failures ?? 5); i += 1) {
      const answer = await spread.attempt(i);
      expect(failed(answer), `attempt ${i + 1}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
    }
    const refused = await spread.last();
    expect([refused.status, refused.body?.error?.code], JSON.stringify(refused.body)).toEqual([429, 10021]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Within the 15 minutes, still refused; a window and a half later, the target opens again.
    clock.set(new Date(clock.now().getTime() + 14 * 60_000));
    expect((await spread.last()).status).toBe(429);
    clock.set(new Date(clock.now().getTime() + 32 * 60_000));
    expect((await spread.last()).status).not.toBe(429);
  });
});
