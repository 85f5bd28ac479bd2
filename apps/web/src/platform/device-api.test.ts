import { initialDeviceState } from '@venue-voice/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, registeredDevice, unregisteredDevice } from '../test/device';
import { deviceTransport, reportHeldResponses, reportingFetch, resettingFetch } from './device-api';
import { takeServerResetNotice, useDevice } from './device-session';

const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (code: number) => ({ error: { code, message: 'failure', detail: null, ui: false } });

describe('resettingFetch (D4.1)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it.each([10005, 10030])('D4.1 a 401 with device code %i resets the device', async (code) => {
    registeredDevice();
    window.history.replaceState(null, '', '/staff');
    const response = await resettingFetch(answer(401, error(code)))('/api/v1/survey/config');
    expect(response.status).toBe(401);
    expect(useDevice.getState().state).toEqual(initialDeviceState('uuid-test-1', true));
    // /register then says why, once (D8: "Your device may have been disabled by your administrator").
    expect(takeServerResetNotice()).toBe(true);
    expect(takeServerResetNotice()).toBe(false);
  });

  it.each([
    ['a wrong response secret (10029)', 401, error(10029)],
    ['a 401 without an error envelope', 401, 'not json'],
    ['a 403', 403, error(10005)],
  ])('D4.1 %s leaves the device registered, and the body can still be read', async (_name, status, body) => {
    const before = registeredDevice();
    window.history.replaceState(null, '', '/questions');
    const response = await resettingFetch(answer(status, body))('/api/v1/survey/supplement');
    expect(await response.json()).toEqual(body);
    expect(useDevice.getState().state).toEqual(before);
    expect(takeServerResetNotice()).toBe(false);
  });

  it('D4.1 a 401 on /register answers a wrong passcode and resets nothing', async () => {
    const before = registeredDevice();
    window.history.replaceState(null, '', '/register');
    await resettingFetch(answer(401, error(10005)))('/api/v1/device/register');
    expect(useDevice.getState().state).toEqual(before);
  });
});

describe('deviceTransport (the app-mode client and the queue)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('carries no device before registration, and the device credentials after it', () => {
    unregisteredDevice();
    expect(deviceTransport().credentials).toEqual({
      authType: 'app',
      clientId: expect.any(String),
      language: 'en-gb',
    });
    registeredDevice({ language: 'it' });
    expect(deviceTransport().credentials).toMatchObject({
      authType: 'app',
      language: 'it',
      companyKey: 'demo',
      branchId: 1,
      device: { deviceId: 'bar-tablet', token: 'token-abcdefghijklmnopqrstuvwxyz' },
    });
  });

  it('D4.1 one fetch for every call, reading the fetch of the moment, that resets on a device 401', async () => {
    registeredDevice();
    expect(deviceTransport().fetch).toBe(deviceTransport().fetch);
    const calls = fakeServer({ '/api/v1/survey/config': () => ({ status: 401, body: error(10005) }) });
    window.history.replaceState(null, '', '/staff');
    await deviceTransport().fetch('/api/v1/survey/config');
    expect(calls).toHaveLength(1);
    expect(useDevice.getState().state.registered).toBe(false);
  });
});

describe('reportingFetch (O3.15, decision 0212)', () => {
  afterEach(() => reportHeldResponses(() => null));

  const seen = () => {
    const calls: (HeadersInit | undefined)[] = [];
    const base: typeof fetch = async (_input, init) => {
      calls.push(init?.headers);
      return new Response('{}');
    };
    return { calls, base };
  };

  it('O3.15 sends X-Device-Queue with the count the queue reports, beside the client’s own headers', async () => {
    const { calls, base } = seen();
    let held: number | null = null;
    reportHeldResponses(() => held);
    await reportingFetch(base)('/api/v1/survey/config', { headers: { 'X-Auth-Type': 'app' } });
    held = 3;
    await reportingFetch(base)('/api/v1/survey/config', { headers: { 'X-Auth-Type': 'app' } });
    await reportingFetch(base)('/api/v1/survey/submit', { headers: new Headers({ 'X-Auth-Type': 'app' }) });
    expect(calls[0]).toEqual({ 'X-Auth-Type': 'app' });
    expect(calls[1]).toEqual({ 'X-Auth-Type': 'app', 'X-Device-Queue': '3' });
    const headers = calls[2] as Headers;
    expect([headers.get('x-auth-type'), headers.get('x-device-queue')]).toEqual(['app', '3']);
  });
});
