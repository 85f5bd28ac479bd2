import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../src/services/rate-limit/limiter';
import { databases } from './databases';
import { type DeviceApp, deviceAppPerSuite, freshDevice, register, startDeviceApp } from './device-fixtures';

const WINDOW_S = 15 * 60;

// The real limiter (the rate_limits table), as main.ts wires it; issue 9's bar: ≤ 5 failures per 15 min per caller.
describe.each(databases())('device.register failure limits on $name', (target) => {
  const h = deviceAppPerSuite(target);

  const expectLocked = (r: Awaited<ReturnType<typeof register>>) => {
    expect(r.status).toBe(429);
    expect(r.body.error).toMatchObject({ code: 10021, ui: false });
    const retryAfter = Number(r.headers['retry-after']);
    expect(r.body.error.detail.retryAfterSeconds).toBe(retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(2 * WINDOW_S);
  };

  // Decision 0195: 5 per device id at a branch, 10 per address at a branch, 25 per branch and per address
  // over every company and branch (issue 27: one person's mistakes lock no one else).
  it('one address, 25 failures over device ids and unknown companies: the 26th, even a right one, is 429', async () => {
    const address = freshDevice().address;
    for (let i = 0; i < 25; i++) {
      const r = await register(h.app, {
        deviceId: freshDevice().deviceId,
        address,
        companyKey: `nosuch${i}`,
      });
      expect(r.body.error.code).toBe(10011);
    }
    expectLocked(await register(h.app, { deviceId: freshDevice().deviceId, address, branch: '2' }));
    expect((await register(h.app, { ...freshDevice(), branch: '2' })).status).toBe(200);
  });

  it('one device id, 5 wrong passcodes from 5 addresses: the 6th with that id is refused, another id is not', async () => {
    const { deviceId } = freshDevice();
    const addresses = Array.from({ length: 6 }, () => freshDevice().address);
    for (const address of addresses.slice(0, 5)) {
      expect((await register(h.app, { deviceId, address, passcode: 'wrong' })).body.error.code).toBe(10018);
    }
    expectLocked(await register(h.app, { deviceId, address: addresses[5] }));
    expect((await register(h.app, { deviceId: freshDevice().deviceId, address: addresses[0] })).status).toBe(
      200,
    );
  });

  it('one branch, 25 wrong passcodes from 25 device ids and addresses: the branch locks, another does not', async () => {
    for (let i = 0; i < 25; i++) {
      const { deviceId, address } = freshDevice();
      expect((await register(h.app, { deviceId, address, passcode: 'wrong' })).body.error.code).toBe(10018);
    }
    const { deviceId, address } = freshDevice();
    expectLocked(await register(h.app, { deviceId, address }));
    expect((await register(h.app, { deviceId: freshDevice().deviceId, address, branch: '2' })).status).toBe(
      200,
    );
  });

  it('the lock lasts exactly Retry-After', async () => {
    const { deviceId, address } = freshDevice();
    for (let i = 0; i < 5; i++) {
      await register(h.app, { deviceId, address, branch: '2', passcode: 'wrong' });
    }
    const refused = await register(h.app, { deviceId, address, branch: '2' });
    const seconds = Number(refused.headers['retry-after']);
    const start = h.clock.now().getTime();
    h.clock.set(new Date(start + (seconds - 1) * 1000));
    expect((await register(h.app, { deviceId, address, branch: '2' })).status).toBe(429);
    h.clock.set(new Date(start + seconds * 1000));
    expect((await register(h.app, { deviceId, address, branch: '2' })).status).toBe(200);
  });

  it('successes, 10017 after a right pass and invalid forms (10025) never count', async () => {
    const address = freshDevice().address;
    const taken = freshDevice().deviceId;
    expect((await register(h.app, { deviceId: taken, address, uuid: 'owner' })).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      expect((await register(h.app, { deviceId: taken, address, uuid: `intruder-${i}` })).status).toBe(409);
      expect((await register(h.app, { deviceId: 'x', address })).status).toBe(400);
      expect((await register(h.app, { deviceId: freshDevice().deviceId, address })).status).toBe(200);
    }
  });

  it('40 parallel wrong guesses at one branch: exactly 25 are checked, the rest are 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => register(h.app, { ...freshDevice(), passcode: 'wrong' })),
    );
    const codes = answers.map((a) => a.body.error.code);
    expect(codes.filter((c) => c === 10018)).toHaveLength(25);
    expect(codes.filter((c) => c === 10021)).toHaveLength(15);
  });
});

describe.each(databases())('device.register with a broken limiter store on $name', (target) => {
  let h: DeviceApp;
  const broken: RateLimiter = {
    kind: 'redis',
    reserve: async () => {
      throw new Error('connection refused');
    },
    cleanup: async () => 0,
    close: async () => {},
  };
  beforeAll(async () => {
    h = await startDeviceApp(target, { registrationLimiter: broken });
  });
  afterAll(() => h?.close());

  it('answers 503 10021 and registers nothing: registration never runs unguarded', async () => {
    const r = await register(h.app, freshDevice());
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe(10021);
  });
});
