import { randomUUID } from 'node:crypto';
import { ApiFailure, createApiClient } from '@venue-voice/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from './databases';
import { type DeviceApp, freshDevice, startDeviceApp } from './device-fixtures';

// The typed client's device calls against the real server over HTTP: the client's own pass (Web Crypto)
// must match the server's, and every answer parses with the domain schemas.
describe.each(databases())('client device calls on $name', (target) => {
  let h: DeviceApp;
  let baseUrl: string;
  beforeAll(async () => {
    h = await startDeviceApp(target);
    baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h?.close());

  const tablet = () => createApiClient({ baseUrl, authType: 'app', clientId: 'venue-voice-web/0.8.16' });

  it('registers with the demo passcode, changes the settings passcode, reads with the token, resets', async () => {
    const { deviceId } = freshDevice();
    const uuid = randomUUID();
    const registered = await tablet().device.register({
      companyKey: 'demo',
      branchId: 1,
      deviceId,
      passcode: 'demo1',
      settingsPasscode: '1234',
      uuid,
    });
    expect(registered).toMatchObject({
      deviceId,
      uuid,
      branchId: 1,
      companyKey: 'demo',
      settingsPasscode: '1234',
    });
    expect(registered.branch.name).toBe('Demo Bistro Soho');

    const device = tablet().with({ device: { deviceId, token: registered.token } });
    expect(await device.device.configure({ settingsPasscode: '86420', uuid })).toEqual({
      deviceId,
      uuid,
      settingsPasscode: '86420',
    });
    expect(await device.survey.menu.exportPage('major_groups', 1, 0)).toHaveLength(1);
    expect(await device.device.deregister({ uuid })).toEqual({ deviceId, deregistered: true });

    const after = await device.survey.menu.exportPage('major_groups', 1, 0).catch((e: unknown) => e);
    expect(after).toBeInstanceOf(ApiFailure);
    expect(after).toMatchObject({ status: 401, code: 10005 });
  });

  it('a wrong passcode fails as 10018 with the server’s message shown (ui)', async () => {
    const failure = await tablet()
      .device.register({
        companyKey: 'demo',
        branchId: 2,
        deviceId: freshDevice().deviceId,
        passcode: 'wrong',
        settingsPasscode: '1234',
        uuid: randomUUID(),
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({
      status: 401,
      code: 10018,
      message: 'The device id or passcode is not correct',
    });
  });
});
