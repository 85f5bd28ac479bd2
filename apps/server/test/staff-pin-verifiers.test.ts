import { pbkdf2Sync } from 'node:crypto';
import {
  ConfigEdge,
  configResponseSchema,
  PIN_VERIFIER_ITERATIONS,
  type StaffMember,
} from '@venue-voice/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../src/db/schema';
import { sealKnownPasscode } from '../src/services/devices/admin';
import { databases } from './databases';
import { appHeaders, freshDevice, register, TEST_PASSCODE_KEY } from './device-fixtures';
import { call, type Harness, startHarness } from './harness';
import { addOtherCompany } from './submit-fixtures';

// Issue 27 item 3, decision 0197: no answer carries a staff PIN; a device gets a verifier of its own.

const CONFIG = `/api/v1/survey/config?edge=${ConfigEdge.join(',')}`;
const ALEX = '1111';

/** The verifier's hash as the spec of decision 0197 defines it, made here with Node's own PBKDF2. */
const expectedHash = (pin: string, salt: string) =>
  pbkdf2Sync(pin, Buffer.from(salt, 'base64url'), PIN_VERIFIER_ITERATIONS, 32, 'sha256').toString(
    'base64url',
  );

/** Every string or number anywhere in a JSON value, with the path it sits at. */
function leaves(value: unknown, path = '$'): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (typeof value === 'number') return [{ path, text: String(value) }];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  }
  return [];
}

describe.each(databases())('staff PIN verifiers on $name', (target) => {
  let h: Harness;
  /** Every answer body of a device or manage call the tests made, by call. */
  const answers: { call: string; body: unknown }[] = [];
  let tablet1: Record<string, string>;
  let tablet2: Record<string, string>;
  let otherBranch: Record<string, string>;

  const send = async (
    name: string,
    headers: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const r = await call(h.app, { method, url, headers, ...(payload ? { payload } : {}) });
    answers.push({ call: name, body: r.body });
    return r;
  };
  const manage = (
    device: Record<string, string>,
    pin: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
  ) => send(`manage ${path}`, { ...device, 'x-staff-pin': pin }, method, `/api/v1/manage${path}`, body);
  const config = async (device: Record<string, string>) => {
    const r = await send('survey.config', device, 'GET', CONFIG);
    expect(r.status).toBe(200);
    return configResponseSchema.parse(r.body.data).staff ?? [];
  };
  const registered = async (branch: string) => {
    const { deviceId, address } = freshDevice();
    const r = await register(h.app, { deviceId, address, branch, settingsPasscode: '86420' });
    answers.push({ call: 'device.register', body: r.body });
    expect(r.status).toBe(200);
    return appHeaders(deviceId, r.body.data.token);
  };
  const byName = (staff: StaffMember[], name: string) => {
    const member = staff.find((m) => m.displayName === name);
    if (!member) throw new Error(`${name} not listed`);
    return member;
  };

  beforeAll(async () => {
    // With the answer cache on, as main.ts runs it: two tablets of one branch must not share an answer.
    h = await startHarness(target, {
      cacheTtlMs: 60_000,
      prepare: (database) => sealKnownPasscode(database.db, TEST_PASSCODE_KEY, 'demo1'),
      deps: () => ({ passcodeKey: TEST_PASSCODE_KEY }),
    });
    await addOtherCompany(h.database.db);
    await h.database.db
      .insert(staffMembers)
      .values({ branchId: 20, displayName: 'Olga', fullName: 'Olga Other', pinCode: '7777' });
    tablet1 = await registered('1');
    tablet2 = await registered('1');
    otherBranch = await registered('2');
  });
  afterAll(() => h?.close());

  it('D4.66 a device config lists each member with a verifier of its own PIN, never the PIN', async () => {
    const staff = await config(tablet1);
    const alex = byName(staff, 'Alex');
    expect(alex).not.toHaveProperty('pinCode');
    expect(alex).toMatchObject({ hasPin: true, hasSettingsAccess: true });
    const verifier = alex.pinVerifier;
    if (!verifier) throw new Error('Alex has no verifier');
    expect(verifier).toMatchObject({ algorithm: 'PBKDF2-SHA256', iterations: PIN_VERIFIER_ITERATIONS });
    expect(Buffer.from(verifier.salt, 'base64url')).toHaveLength(16);
    // The verifier checks: Alex's PIN gives its hash, a neighbouring PIN does not.
    expect(expectedHash(ALEX, verifier.salt)).toBe(verifier.hash);
    expect(expectedHash('1112', verifier.salt)).not.toBe(verifier.hash);
    for (const [name, pin] of [
      ['Sam', '2222'],
      ['Jo', '3333'],
      ['Priya', '4444'],
      ['Tom', '5555'],
    ] as const) {
      const member = byName(staff, name);
      expect(member.pinVerifier?.hash).toBe(expectedHash(pin, verifier.salt));
    }
    // D4: an inactive member's verifier comes too, so the tablet can say "inactive".
    expect(byName(staff, 'Jo').status).toBe(0);
    expect(byName(staff, 'Mia')).toMatchObject({ hasPin: false, pinVerifier: null });
  });

  it('D4.66 two tablets of one branch get different salts and hashes for the same PIN, each its own answer', async () => {
    const one = byName(await config(tablet1), 'Alex').pinVerifier;
    const two = byName(await config(tablet2), 'Alex').pinVerifier;
    expect(one?.salt).not.toBe(two?.salt);
    expect(one?.hash).not.toBe(two?.hash);
    expect(two?.hash).toBe(expectedHash(ALEX, two?.salt ?? ''));
    // Branch 2's manager Chris has the same PIN as Alex (PINs are unique per branch only).
    const chris = byName(await config(otherBranch), 'Chris').pinVerifier;
    expect(chris?.hash).toBe(expectedHash(ALEX, chris?.salt ?? ''));
    expect(chris?.hash).not.toBe(one?.hash);
  });

  it('D4.66 manage.staff.listing says whether a member has a PIN, never which', async () => {
    const r = await manage(tablet1, ALEX, 'GET', '/staff/listing');
    expect(r.status).toBe(200);
    const staff: StaffMember[] = r.body.data.staff;
    expect(byName(staff, 'Alex')).toMatchObject({ hasPin: true });
    expect(byName(staff, 'Mia')).toMatchObject({ hasPin: false });
    for (const member of staff) {
      expect(member).not.toHaveProperty('pinCode');
      expect(member).not.toHaveProperty('pinVerifier');
      const one = await manage(tablet1, ALEX, 'GET', `/staff/listing/${member.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.staff).not.toHaveProperty('pinCode');
    }
    expect((await manage(tablet1, ALEX, 'GET', '/team/listing')).status).toBe(200);
  });

  it('D4.66 the server checks the typed PIN itself: what a tablet holds is no PIN', async () => {
    const hash = byName(await config(tablet1), 'Alex').pinVerifier?.hash ?? '';
    const held = await manage(tablet1, hash, 'GET', '/staff/listing');
    expect(held.status).toBe(400);
    expect(held.body.error.code).toBe(10032);
    const wrong = await manage(tablet1, '1112', 'GET', '/staff/listing');
    expect(wrong.body.error.code).toBe(10032);
  });

  it("D4.66 a PIN set through manage calls is written, never answered, and the tablet's verifier follows it", async () => {
    const add = await manage(tablet1, ALEX, 'POST', '/staff/add', {
      displayName: 'Nia',
      fullName: 'Nia Brook',
      pinCode: '6161',
    });
    expect(add.status).toBe(200);
    expect(add.body.data).toEqual({ id: add.body.data.id });
    const id: number = add.body.data.id;
    expect(byName(await config(tablet1), 'Nia').pinVerifier?.hash).toBe(
      expectedHash('6161', byName(await config(tablet1), 'Alex').pinVerifier?.salt ?? ''),
    );
    // A save without pinCode keeps the PIN: the form does not know it, so it cannot send it back.
    const rename = await manage(tablet1, ALEX, 'POST', `/staff/update/${id}`, { displayName: 'Nia B' });
    expect(rename.status).toBe(200);
    const kept = (await manage(tablet1, ALEX, 'GET', `/staff/listing/${id}`)).body.data.staff;
    expect(kept).toMatchObject({ displayName: 'Nia B', hasPin: true });
    const change = await manage(tablet1, ALEX, 'POST', `/staff/update/${id}`, { pinCode: '6262' });
    expect(change.status).toBe(200);
    const nia = byName(await config(tablet1), 'Nia B').pinVerifier;
    expect(nia?.hash).toBe(expectedHash('6262', nia?.salt ?? ''));
    const cleared = await manage(tablet1, ALEX, 'POST', `/staff/update/${id}`, { pinCode: null });
    expect(cleared.status).toBe(200);
    expect(byName(await config(tablet1), 'Nia B')).toMatchObject({ hasPin: false, pinVerifier: null });
    await manage(tablet1, ALEX, 'POST', `/staff/update/${id}`, { pinCode: '6363' });
  });

  it('D4.67 a device revalidates its no-store config by ETag: 304 while unchanged, a new ETag after a staff change (decision 0228)', async () => {
    const revalidate = (device: Record<string, string>, etag: string) =>
      send('survey.config', { ...device, 'if-none-match': etag }, 'GET', CONFIG);
    const first = await send('survey.config', tablet1, 'GET', CONFIG);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{32}"$/);
    const same = await revalidate(tablet1, etag);
    expect(same.status).toBe(304);
    expect(same.body).toBeNull();
    expect(same.headers).toMatchObject({ etag, 'cache-control': 'no-store' });
    // Another tablet of the branch: the same team, its own verifiers (D4.66), so its own ETag.
    const other = await revalidate(tablet2, etag);
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // A member added through a manage call changes the answer and so the ETag; the new one revalidates.
    const add = await manage(tablet2, ALEX, 'POST', '/staff/add', {
      displayName: 'Ola',
      fullName: 'Ola Quinn',
    });
    expect(add.status).toBe(200);
    const added = await revalidate(tablet1, etag);
    expect(added.status).toBe(200);
    expect(byName(configResponseSchema.parse(added.body.data).staff ?? [], 'Ola').hasPin).toBe(false);
    const addedEtag = String(added.headers.etag);
    expect(addedEtag).not.toBe(etag);
    expect((await revalidate(tablet1, addedEtag)).status).toBe(304);
    // A PIN alone is no field of the answer, but its verifier is: setting one changes the ETag too.
    const pin = await manage(tablet2, ALEX, 'POST', `/staff/update/${add.body.data.id}`, { pinCode: '8181' });
    expect(pin.status).toBe(200);
    const withPin = await revalidate(tablet1, addedEtag);
    expect(withPin.status).toBe(200);
    expect(byName(configResponseSchema.parse(withPin.body.data).staff ?? [], 'Ola').hasPin).toBe(true);
    expect([etag, addedEtag]).not.toContain(withPin.headers.etag);
    // A device that is no longer registered gets no 304, however current its ETag.
    const gone = await registered('1');
    const goneEtag = String((await send('survey.config', gone, 'GET', CONFIG)).headers.etag);
    const deregister = { uuid: 'uuid-1' };
    expect(
      (await send('device.deregister', gone, 'POST', '/api/v1/device/deregister', deregister)).status,
    ).toBe(200);
    const refused = await revalidate(gone, goneEtag);
    expect(refused.status).toBe(401);
  });

  it('D4.66 no answer of any device or manage call holds a staff PIN as a value', async () => {
    const configure = await send('device.configure', tablet2, 'POST', '/api/v1/device/configure', {
      configuration: { settingsPasscode: '86421' },
      uuid: 'uuid-1',
    });
    expect(configure.status).toBe(200);
    await config(tablet2);
    await config(otherBranch);
    const deregister = await send('device.deregister', tablet2, 'POST', '/api/v1/device/deregister', {
      uuid: 'uuid-1',
    });
    expect(deregister.status).toBe(200);
    // Every PIN the database holds, the ones set by the tests above included (6161, 6262, 6363).
    const pins = new Set(
      (await h.database.db.select({ pin: staffMembers.pinCode }).from(staffMembers))
        .map((row) => row.pin)
        .filter((pin): pin is string => pin !== null),
    );
    expect([...pins]).toEqual(expect.arrayContaining(['1111', '2222', '3333', '6363', '7777']));
    expect(answers.length).toBeGreaterThan(20);
    const found = answers.flatMap(({ call: name, body }) =>
      leaves(body)
        .filter((leaf) => pins.has(leaf.text) || leaf.path.endsWith('.pinCode'))
        .map((leaf) => `${name} ${leaf.path} = ${leaf.text}`),
    );
    expect(found).toEqual([]);
  });
});
