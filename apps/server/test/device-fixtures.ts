import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sealKnownPasscode } from '../src/services/devices/admin';
import type { RateLimiter } from '../src/services/rate-limit/limiter';
import type { TestDatabaseTarget } from './databases';
import { call, type Harness, NOW, startHarness } from './harness';
import { movableClock } from './retention-fixtures';

import { TEST_PASSCODE_KEY } from './support/passcode-key';

export { TEST_PASSCODE_KEY };

const DAY = 86_400_000;

export interface DeviceApp extends Harness {
  clock: ReturnType<typeof movableClock>;
  /** Moves the clock a day on, into rate-limit windows no earlier attempt touched. */
  nextDay(): void;
}

/**
 * A seeded database whose demo branches got their passcode sealed the way main.ts does it, and an app
 * over it with the real registration limiter (the rate_limits table) unless a test gives another.
 */
export async function startDeviceApp(
  target: TestDatabaseTarget,
  options: { registrationLimiter?: RateLimiter } = {},
): Promise<DeviceApp> {
  const clock = movableClock(NOW);
  const harness = await startHarness(target, {
    clock,
    prepare: (database) => sealKnownPasscode(database.db, TEST_PASSCODE_KEY, 'demo1'),
    deps: () => ({
      passcodeKey: TEST_PASSCODE_KEY,
      // Unset: the app's own registration limiter over the rate_limits table (no REDIS_URL in tests).
      ...(options.registrationLimiter ? { registrationLimiter: options.registrationLimiter } : {}),
    }),
  });
  let day = 0;
  return { ...harness, clock, nextDay: () => clock.set(new Date(NOW.getTime() + ++day * DAY)) };
}

/**
 * The device app of a describe block: started before its tests, closed after them, and a day on
 * before each, so every test has rate-limit windows of its own (the branch target is shared).
 * The returned object is filled in by the first beforeAll; read it inside hooks and tests only.
 */
export function deviceAppPerSuite(target: TestDatabaseTarget): DeviceApp {
  const h = {} as DeviceApp;
  beforeAll(async () => {
    Object.assign(h, await startDeviceApp(target));
  });
  afterAll(() => h.close?.());
  beforeEach(() => h.nextDay());
  return h;
}

/** The spec's pass, computed independently of the server's code. */
export const passFor = (deviceId: string, passcode: string) =>
  createHash('sha256')
    .update(deviceId.toUpperCase() + passcode)
    .digest('hex');

let counter = 0;
/** A device id and client address no other test uses. */
export const freshDevice = () => {
  counter += 1;
  return { deviceId: `tablet-${counter}-${randomBytes(3).toString('hex')}`, address: `203.0.113.${counter}` };
};

export interface RegisterInput {
  companyKey?: string;
  branch?: string;
  deviceId: string;
  passcode?: string;
  settingsPasscode?: string;
  uuid?: string;
  address?: string;
  /** Replaces the computed pass. */
  pass?: string;
}

/** POST device.register as the tablet sends it. */
export function register(app: FastifyInstance, input: RegisterInput) {
  const headers: Record<string, string> = { 'x-auth-type': 'app', 'x-client-id': 'venue-voice-web/0.8.16' };
  if (input.companyKey !== '') headers['x-company'] = input.companyKey ?? 'demo';
  if (input.branch !== '') headers['x-branch'] = input.branch ?? '1';
  if (input.deviceId !== '') headers['x-device-id'] = input.deviceId;
  return call(app, {
    method: 'POST',
    url: '/api/v1/device/register',
    headers,
    remoteAddress: input.address ?? '192.0.2.1',
    payload: {
      configuration: { settingsPasscode: input.settingsPasscode ?? '1234' },
      pass: input.pass ?? passFor(input.deviceId.trim(), input.passcode ?? 'demo1'),
      uuid: input.uuid ?? 'uuid-1',
    },
  });
}

/** App-mode headers of a registered device. */
export const appHeaders = (deviceId: string, token: string) => ({
  'x-auth-type': 'app',
  'x-device-id': deviceId,
  authorization: `Bearer ${token}`,
});

/** An app-mode call that needs a valid device: one page of the menu export. */
export const appCall = (app: FastifyInstance, headers: Record<string, string>) =>
  call(app, { method: 'GET', url: '/api/v1/survey/menu/export?edge=major_groups&limit=1&offset=0', headers });
