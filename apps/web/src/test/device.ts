import { pbkdf2Sync } from 'node:crypto';
import {
  type ConfigResponse,
  completeRegistration,
  type DeviceState,
  initialDeviceState,
  type StaffMember,
} from '@venue-voice/domain';
import { vi } from 'vitest';
import { useDevice } from '../platform/device-session';
import { testBranch, testSurvey } from './render-app';

/** The salt of the test tablet's PIN verifiers. */
export const TEST_PIN_SALT = Buffer.from('test tablet salt').toString('base64url');

/**
 * A member's PIN as a device config carries it (decision 0197): whether there is one, and its verifier,
 * made here by Node's PBKDF2 (not the tablet's WebCrypto code) with few rounds to keep tests quick.
 */
export const pinFields = (pin: string | null): Pick<StaffMember, 'hasPin' | 'pinVerifier'> =>
  pin === null
    ? { hasPin: false, pinVerifier: null }
    : {
        hasPin: true,
        pinVerifier: {
          algorithm: 'PBKDF2-SHA256',
          iterations: 1000,
          salt: TEST_PIN_SALT,
          hash: pbkdf2Sync(pin, Buffer.from(TEST_PIN_SALT, 'base64url'), 1000, 32, 'sha256').toString(
            'base64url',
          ),
        },
      };

/** An answer of the fake server; no body (a 304's) when `body` is undefined. */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
export type FakeCall = { path: string; method: string; headers: Headers; body: unknown };

/** An API error envelope as the server sends it. */
export const apiError = (status: number, code: number, message = 'failure', ui = false): FakeAnswer => ({
  status,
  body: { error: { code, message, detail: null, ui } },
});
export const ok = (data: unknown): FakeAnswer => ({ status: 200, body: { data } });

/** Replaces fetch with answers by path; every call is recorded, an unknown path fails the test. */
export function fakeServer(answers: Record<string, (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        path: url.pathname,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer = answers[url.pathname];
      if (!answer) throw new Error(`unexpected call ${url.pathname}`);
      const { status, body, headers } = await answer(call);
      if (body === undefined) return new Response(null, { status, headers });
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    }),
  );
  return calls;
}

const { distance: _distance, ...venueBranch } = testBranch(1, 'Demo Bistro Soho');

/** survey.config as a tablet gets it: branch, staff and the given surveys. */
export function deviceConfig(surveys = [testSurvey()]): ConfigResponse {
  return {
    core: {
      company: { keyName: 'demo', name: 'Demo Hospitality Group' },
      schedules: [],
      features: { digitalReceipt: false },
    },
    branch: venueBranch,
    staff: [],
    surveys,
    questions: [],
  };
}

/** A registered tablet with its config live (as after the first download). */
export function registeredDevice(changes: Partial<DeviceState> = {}): DeviceState {
  const state = {
    ...completeRegistration(initialDeviceState('uuid-test-1'), {
      companyKey: 'demo',
      branchId: 1,
      deviceId: 'bar-tablet',
      token: 'token-abcdefghijklmnopqrstuvwxyz',
      settingsPasscode: '4321',
    }),
    config: deviceConfig(),
    ...changes,
  };
  useDevice.setState({ state, hydrated: true });
  return state;
}

export function unregisteredDevice(): void {
  useDevice.setState({ state: initialDeviceState('uuid-test-1'), hydrated: true });
}

/** Staff closed D-A's install-app modal in this tab (it would cover every app-mode screen under test). */
export function installModalClosed(): void {
  sessionStorage.setItem('venue-voice-install-modal-closed', '1');
}

/** Loads the lazy device routes once before a file's tests, so the first test's wait is not the import. */
export async function warmDeviceRoutes(): Promise<void> {
  const { loadRegisterScreen } = await import('../features/device');
  // The staff route brings the staff screen.
  await Promise.all([loadRegisterScreen(), import('../app/routes/staff-route')]);
}
