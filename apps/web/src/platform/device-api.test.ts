import { initialDeviceState } from '@venue-voice/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { registeredDevice } from '../features/device/device-test-support';
import { resettingFetch } from './device-api';
import { useDevice } from './device-session';

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
  });

  it('D4.1 a 401 on /register answers a wrong passcode and resets nothing', async () => {
    const before = registeredDevice();
    window.history.replaceState(null, '', '/register');
    await resettingFetch(answer(401, error(10005)))('/api/v1/device/register');
    expect(useDevice.getState().state).toEqual(before);
  });
});
