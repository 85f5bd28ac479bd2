import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { branches, companies, devices } from '../src/db/schema';
import { hashToken } from '../src/plugins/request-context';
import { databases } from './databases';
import { appCall, appHeaders, deviceAppPerSuite, freshDevice, passFor, register } from './device-fixtures';

describe.each(databases())('device.register on $name', (target) => {
  const h = deviceAppPerSuite(target);

  beforeAll(async () => {
    // Another company with a branch of its own, for the tenancy cases.
    await h.database.db.insert(companies).values({ id: 2, key: 'other', name: 'Other Group' });
    await h.database.db.insert(branches).values({ id: 30, companyId: 2, name: 'Other Branch' });
  });

  it('registers with the demo passcode: a 256-bit token stored only hashed, the branch and settings', async () => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, uuid: 'uuid-a', settingsPasscode: '4321' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      deviceId,
      uuid: 'uuid-a',
      branchId: 1,
      companyKey: 'demo',
      settingsPasscode: '4321',
      branch: { id: 1, name: 'Demo Bistro Soho', enableStaffPinCodes: true },
      registeredAt: h.clock.now().toISOString(),
    });
    const token: string = r.body.data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await h.database.db.select().from(devices).where(eq(devices.deviceId, deviceId));
    expect(row).toMatchObject({ tokenHash: hashToken(token), settingsPasscode: '4321', enabled: true });
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await appCall(h.app, appHeaders(deviceId, token))).status).toBe(200);
  });

  it('registers at the second branch with the same passcode; branch and device id are trimmed', async () => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId: ` ${deviceId} `, branch: ' 2 ', address });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ deviceId, branchId: 2 });
  });

  it.each([
    ['a wrong passcode', { passcode: 'demo2' }],
    ['a pass made for another device id', { pass: passFor('another-tablet', 'demo1') }],
  ])('%s answers 401 10018 and stores nothing', async (_name, change) => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, ...change });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatchObject({ code: 10018, ui: true });
    expect(await h.database.db.select().from(devices).where(eq(devices.deviceId, deviceId))).toEqual([]);
  });

  it.each([
    ['an unknown company', { companyKey: 'nosuch' }, 404, 10011],
    ['an unknown branch', { branch: '99' }, 404, 10012],
    ["another company's branch", { branch: '30' }, 404, 10012],
  ])('%s answers 404 with its code', async (_name, change, status, code) => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, ...change });
    expect(r.status).toBe(status);
    expect(r.body.error).toMatchObject({ code, ui: true });
  });

  it('a branch without a device passcode answers 10018, whatever the pass', async () => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, companyKey: 'other', branch: '30' });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe(10018);
    expect(r.body.error.message).toMatch(/no device passcode/);
  });

  it('a device id registered to another installation answers 409 10017; the first token keeps working', async () => {
    const { deviceId, address } = freshDevice();
    const first = await register(h.app, { deviceId, address, uuid: 'uuid-first' });
    const second = await register(h.app, { deviceId, address, uuid: 'uuid-second' });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 10017, ui: true });
    expect((await appCall(h.app, appHeaders(deviceId, first.body.data.token))).status).toBe(200);
  });

  it('the same installation registering again gets a new token, at its new branch; the old token is revoked', async () => {
    const { deviceId, address } = freshDevice();
    const first = await register(h.app, { deviceId, address, uuid: 'uuid-same' });
    const again = await register(h.app, { deviceId, address, uuid: 'uuid-same', branch: '2' });
    expect(again.status).toBe(200);
    expect(again.body.data.branchId).toBe(2);
    expect(again.body.data.token).not.toBe(first.body.data.token);
    const old = await appCall(h.app, appHeaders(deviceId, first.body.data.token));
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe(10005);
    expect((await appCall(h.app, appHeaders(deviceId, again.body.data.token))).status).toBe(200);
    expect(await h.database.db.select().from(devices).where(eq(devices.deviceId, deviceId))).toHaveLength(1);
  });

  it('a device its administrator disabled cannot register again: 401 10030', async () => {
    const { deviceId, address } = freshDevice();
    await register(h.app, { deviceId, address, uuid: 'uuid-d' });
    await h.database.db.update(devices).set({ enabled: false }).where(eq(devices.deviceId, deviceId));
    const r = await register(h.app, { deviceId, address, uuid: 'uuid-d' });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatchObject({ code: 10030, ui: true });
  });

  it('two first registrations of one id at once: one 200, the other 409 10017', async () => {
    const { deviceId, address } = freshDevice();
    const answers = await Promise.all([
      register(h.app, { deviceId, address, uuid: 'uuid-x' }),
      register(h.app, { deviceId, address, uuid: 'uuid-y' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await h.database.db.select().from(devices).where(eq(devices.deviceId, deviceId))).toHaveLength(1);
  });

  // D5: every field of the register form the call carries, each rule, as 10025 with the field's detail.
  it.each([
    ['D5.1 companyKey required', { companyKey: '' }, 'x-company', 'form.required'],
    [
      'D5.1 companyKey lowercase letters and digits',
      { companyKey: 'Demo' },
      'x-company',
      'form.alphaNumLower',
    ],
    ['D5.1 companyKey max 32', { companyKey: 'a'.repeat(33) }, 'x-company', 'form.maxChars'],
    ['D5.2 branchId required', { branch: '' }, 'x-branch', 'form.required'],
    ['D5.2 branchId numeric', { branch: '1a' }, 'x-branch', 'form.numeric'],
    ['D5.2 branchId max 12', { branch: '1'.repeat(13) }, 'x-branch', 'form.maxChars'],
    ['D5.3 deviceId required', { deviceId: '' }, 'x-device-id', 'form.required'],
    [
      'D5.3 deviceId letters, digits, dashes, underscores',
      { deviceId: 'tab.1' },
      'x-device-id',
      'form.alphaDash',
    ],
    ['D5.3 deviceId min 3', { deviceId: 'ab' }, 'x-device-id', 'form.minChars'],
    ['D5.3 deviceId max 64', { deviceId: 'a'.repeat(65) }, 'x-device-id', 'form.maxChars'],
    [
      'D5.5 settingsPasscode required',
      { settingsPasscode: '' },
      'configuration.settingsPasscode',
      'form.required',
    ],
    [
      'D5.5 settingsPasscode numeric',
      { settingsPasscode: '12a' },
      'configuration.settingsPasscode',
      'form.numeric',
    ],
    [
      'D5.5 settingsPasscode min 3',
      { settingsPasscode: '12' },
      'configuration.settingsPasscode',
      'form.minChars',
    ],
    [
      'D5.5 settingsPasscode max 5',
      { settingsPasscode: '123456' },
      'configuration.settingsPasscode',
      'form.maxChars',
    ],
  ])('%s: 400 10025', async (_name, change, field, message) => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, ...change });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(10025);
    expect(r.body.error.detail.fields).toEqual([expect.objectContaining({ field, message })]);
  });

  it('reports every invalid field at once', async () => {
    const r = await register(h.app, { deviceId: 'a', companyKey: 'A', branch: 'x', settingsPasscode: '1' });
    expect(r.body.error.detail.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'configuration.settingsPasscode',
      'x-branch',
      'x-company',
      'x-device-id',
    ]);
  });

  it.each([
    ['a pass that is not a hex SHA-256', { pass: 'demo1' }, 10009],
    ['an upper-case hex pass (the spec says lowercase)', { pass: 'A'.repeat(64) }, 10009],
    ['no uuid', { uuid: undefined }, 10008],
    ['a uuid over 64 characters', { uuid: 'u'.repeat(65) }, 10009],
    ['no configuration', { configuration: undefined }, 10008],
  ])('%s: 400 with its code', async (_name, change, code) => {
    const { deviceId } = freshDevice();
    const payload = {
      configuration: { settingsPasscode: '1234' },
      pass: passFor(deviceId, 'demo1'),
      uuid: 'u',
    };
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/v1/device/register',
      headers: { 'x-auth-type': 'app', 'x-company': 'demo', 'x-branch': '1', 'x-device-id': deviceId },
      payload: { ...payload, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe(code);
  });

  it('publishes the three device calls with their bodies in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const name of ['register', 'configure', 'deregister']) {
      const post = doc.paths[`/api/v1/device/${name}`]?.post;
      expect(post?.requestBody?.content['application/json'].schema.properties.uuid).toBeDefined();
      expect(post?.responses['200']).toBeDefined();
    }
    const registerCall = doc.paths['/api/v1/device/register'].post;
    expect(registerCall.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['x-company', 'x-branch', 'x-device-id']),
    );
    expect(registerCall.responses['409']).toBeDefined();
    expect(registerCall.responses['429']).toBeDefined();
  });
});
