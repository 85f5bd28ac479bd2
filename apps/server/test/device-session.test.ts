import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema';
import { databases } from './databases';
import { appCall, appHeaders, deviceAppPerSuite, freshDevice, register } from './device-fixtures';
import { call } from './harness';

const post = (app: FastifyInstance, name: string, headers: Record<string, string>, payload: object) =>
  call(app, { method: 'POST', url: `/api/v1/device/${name}`, headers, payload });

describe.each(databases())('device.configure, device.deregister and app-mode auth on $name', (target) => {
  const h = deviceAppPerSuite(target);

  /** A freshly registered device: its id, uuid and app-mode headers. */
  async function registered(uuid = 'uuid-s') {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, uuid });
    expect(r.status).toBe(200);
    return { deviceId, uuid, headers: appHeaders(deviceId, r.body.data.token) };
  }
  const row = async (deviceId: string) =>
    (await h.database.db.select().from(devices).where(eq(devices.deviceId, deviceId)))[0];

  it('configure stores the new settings passcode and answers it', async () => {
    const d = await registered();
    const r = await post(h.app, 'configure', d.headers, {
      configuration: { settingsPasscode: '98765' },
      uuid: d.uuid,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ deviceId: d.deviceId, uuid: d.uuid, settingsPasscode: '98765' });
    expect((await row(d.deviceId))?.settingsPasscode).toBe('98765');
  });

  it.each([
    ['D5.5 numeric', '12a', 'form.numeric'],
    ['D5.5 min 3', '12', 'form.minChars'],
    ['D5.5 max 5', '123456', 'form.maxChars'],
    ['D5.5 required', '', 'form.required'],
  ])('configure applies %s: 400 10025, nothing changes', async (_name, settingsPasscode, message) => {
    const d = await registered();
    const r = await post(h.app, 'configure', d.headers, {
      configuration: { settingsPasscode },
      uuid: d.uuid,
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10025);
    expect(r.body.error.detail.fields).toEqual([
      expect.objectContaining({ field: 'configuration.settingsPasscode', message }),
    ]);
    expect((await row(d.deviceId))?.settingsPasscode).toBe('1234');
  });

  it('configure and deregister refuse a uuid that is not the registration’s: 400 10009', async () => {
    const d = await registered();
    const configure = await post(h.app, 'configure', d.headers, {
      configuration: { settingsPasscode: '111' },
      uuid: 'another',
    });
    const deregister = await post(h.app, 'deregister', d.headers, { uuid: 'another' });
    expect([configure.status, deregister.status]).toEqual([400, 400]);
    expect(configure.body.error.code).toBe(10009);
    expect((await appCall(h.app, d.headers)).status).toBe(200);
  });

  it('deregister revokes the token: later calls answer 401 10005; the id can be registered again', async () => {
    const d = await registered();
    const r = await post(h.app, 'deregister', d.headers, { uuid: d.uuid });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ deviceId: d.deviceId, deregistered: true });
    expect(await row(d.deviceId)).toMatchObject({ tokenHash: null, deregisteredAt: h.clock.now() });
    for (const answer of [
      await appCall(h.app, d.headers),
      await post(h.app, 'configure', d.headers, { configuration: { settingsPasscode: '111' }, uuid: d.uuid }),
      await post(h.app, 'deregister', d.headers, { uuid: d.uuid }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe(10005);
    }
    // Free again, from any installation.
    const again = await register(h.app, { deviceId: d.deviceId, uuid: 'a-new-install' });
    expect(again.status).toBe(200);
  });

  it('the spec body’s pass is accepted on configure and deregister (the token is the proof)', async () => {
    const d = await registered();
    const pass = 'a'.repeat(64);
    const configure = await post(h.app, 'configure', d.headers, {
      configuration: { settingsPasscode: '555' },
      pass,
      uuid: d.uuid,
    });
    expect(configure.status).toBe(200);
    expect((await post(h.app, 'deregister', d.headers, { pass, uuid: d.uuid })).status).toBe(200);
  });

  it('a device disabled by its administrator answers 401 10030 on every app-mode call', async () => {
    const d = await registered();
    await h.database.db.update(devices).set({ enabled: false }).where(eq(devices.deviceId, d.deviceId));
    for (const answer of [
      await appCall(h.app, d.headers),
      await post(h.app, 'configure', d.headers, { configuration: { settingsPasscode: '111' }, uuid: d.uuid }),
      await post(h.app, 'deregister', d.headers, { uuid: d.uuid }),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toMatchObject({ code: 10030, ui: true });
    }
    // Enabled again, the same token works.
    await h.database.db.update(devices).set({ enabled: true }).where(eq(devices.deviceId, d.deviceId));
    expect((await appCall(h.app, d.headers)).status).toBe(200);
  });

  it.each([
    ['no token', (x: Record<string, string>) => ({ ...x, authorization: '' })],
    ['a made-up token', (x: Record<string, string>) => ({ ...x, authorization: `Bearer ${'x'.repeat(43)}` })],
    [
      'the token with another device id',
      (x: Record<string, string>) => ({ ...x, 'x-device-id': 'other-id' }),
    ],
    ['no device id', (x: Record<string, string>) => ({ ...x, 'x-device-id': '' })],
    ['web mode', (x: Record<string, string>) => ({ ...x, 'x-auth-type': 'web' })],
    ['not a Bearer token', (x: Record<string, string>) => ({ ...x, authorization: 'Basic abc' })],
  ])('%s: configure and deregister answer 401 10005 and change nothing', async (_name, change) => {
    const d = await registered();
    const headers = change(d.headers);
    const configure = await post(h.app, 'configure', headers, {
      configuration: { settingsPasscode: '111' },
      uuid: d.uuid,
    });
    const deregister = await post(h.app, 'deregister', headers, { uuid: d.uuid });
    expect([configure.status, deregister.status]).toEqual([401, 401]);
    expect([configure.body.error.code, deregister.body.error.code]).toEqual([10005, 10005]);
    expect(await row(d.deviceId)).toMatchObject({ settingsPasscode: '1234', deregisteredAt: null });
  });

  it('credentials are checked before the body: a bad body without a token is 401, not 400', async () => {
    const r = await post(h.app, 'configure', { 'x-auth-type': 'app' }, { nonsense: true });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(10005);
  });
});
