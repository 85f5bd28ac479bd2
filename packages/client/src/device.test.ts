import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';

type Seen = { url: string; init: RequestInit };
const answering = (data: unknown, seen: Seen[]) =>
  (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify({ data }), { status: 200 });
  }) as unknown as typeof fetch;

const branch = {
  id: 1,
  name: 'Demo Bistro Soho',
  locationId: null,
  siteId: null,
  hashCode: null,
  enableStaffPinCodes: true,
  latitude: null,
  longitude: null,
  address: null,
};
const registered = {
  token: 't'.repeat(43),
  deviceId: 'tab-1',
  uuid: 'u-1',
  branchId: 1,
  companyKey: 'demo',
  settingsPasscode: '1234',
  branch,
  registeredAt: '2025-06-14T18:30:00.000Z',
};

describe('client: device calls (D7)', () => {
  it('register names the device in headers, sends the spec body and never an old token', async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      baseUrl: 'http://x',
      authType: 'web',
      clientId: 'venue-voice-web/0.8.16',
      device: { deviceId: 'old', token: 'old-token' },
      fetch: answering(registered, seen),
    });
    const answer = await api.device.register({
      companyKey: 'demo',
      branchId: 1,
      deviceId: 'tab-1',
      passcode: 'demo1',
      settingsPasscode: '1234',
      uuid: 'u-1',
    });
    expect(answer.token).toBe(registered.token);
    expect(seen[0]?.url).toBe('http://x/api/v1/device/register');
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.headers).toMatchObject({
      'X-Auth-Type': 'app',
      'X-Company': 'demo',
      'X-Branch': '1',
      'X-Device-Id': 'tab-1',
    });
    expect(seen[0]?.init.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
      configuration: { settingsPasscode: '1234' },
      pass: '6193e6e0d1ae8da7e5b85dbd28853fad71f0ad26e1acc5cc51da8d4594be792d',
      uuid: 'u-1',
    });
  });

  it('configure and deregister carry the device token and the uuid', async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      baseUrl: 'http://x',
      authType: 'app',
      clientId: 'venue-voice-web/0.8.16',
      device: { deviceId: 'tab-1', token: 'tok' },
      fetch: answering({ deviceId: 'tab-1', uuid: 'u-1', settingsPasscode: '999' }, seen),
    });
    await api.device.configure({ settingsPasscode: '999', uuid: 'u-1' });
    expect(seen[0]?.url).toBe('http://x/api/v1/device/configure');
    expect(seen[0]?.init.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Device-Id': 'tab-1' });
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
      configuration: { settingsPasscode: '999' },
      uuid: 'u-1',
    });
    const reset = api.with({ fetch: answering({ deviceId: 'tab-1', deregistered: true }, seen) });
    expect(await reset.device.deregister({ uuid: 'u-1' })).toEqual({ deviceId: 'tab-1', deregistered: true });
    expect(seen[1]?.url).toBe('http://x/api/v1/device/deregister');
    expect(JSON.parse(String(seen[1]?.init.body))).toEqual({ uuid: 'u-1' });
  });
});
