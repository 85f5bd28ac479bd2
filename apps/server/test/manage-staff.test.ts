import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, staffMembers } from '../src/db/schema';
import { hashToken } from '../src/plugins/request-context';
import { pinUnique } from '../src/services/staff/staff-members';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { addOtherCompany } from './submit-fixtures';
import { roomyLimiter } from './support/limiters';

const BASE = '/api/v1/manage';
const ALEX = '1111';

/** A manage call as the tablet sends it: device headers plus the acting member's PIN. */
const manage = (
  app: FastifyInstance,
  device: Record<string, string>,
  pin: string | null,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
) =>
  call(app, {
    method,
    url: `${BASE}${path}`,
    headers: { ...device, ...(pin === null ? {} : { 'x-staff-pin': pin }) },
    ...(payload ? { payload } : {}),
  });

const member = (over: Record<string, unknown> = {}) => ({
  displayName: `M${randomBytes(3).toString('hex')}`,
  fullName: `Member ${randomBytes(3).toString('hex')}`,
  pinCode: null,
  weight: 40,
  teamId: 1,
  status: 1,
  hasSettingsAccess: false,
  ...over,
});

describe.each(databases())('manage.staff and manage.team on $name', (target) => {
  let h: Harness;
  let branch1: Record<string, string>;
  let branch2: Record<string, string>;
  let otherCompany: Record<string, string>;
  beforeAll(async () => {
    // With the config cache on, as main.ts runs it: a change must still show at once (decision 0111).
    h = await startHarness(target, {
      cacheTtlMs: 60_000,
      deps: () => ({ staffPinLimiter: roomyLimiter() }),
    });
    await addOtherCompany(h.database.db);
    await h.database.db.insert(staffMembers).values({
      branchId: 20,
      displayName: 'Olga',
      fullName: 'Olga Other',
      pinCode: '7777',
      hasSettingsAccess: true,
    });
    branch1 = await insertDevice(h.database);
    branch2 = await insertDevice(h.database, { branchId: 2 });
    const token = randomBytes(32).toString('base64url');
    await h.database.db
      .insert(devices)
      .values({ companyId: 2, branchId: 20, deviceId: 'other-tablet', tokenHash: hashToken(token) });
    otherCompany = { 'x-auth-type': 'app', 'x-device-id': 'other-tablet', authorization: `Bearer ${token}` };
  });
  afterAll(() => h?.close());

  const list = async (device = branch1, pin = ALEX) =>
    (await manage(h.app, device, pin, 'GET', '/staff/listing')).body.data.staff as {
      id: number;
      displayName: string;
      status: number;
      hasSettingsAccess: boolean;
    }[];
  const add = (values: object, pin = ALEX) => manage(h.app, branch1, pin, 'POST', '/staff/add', values);

  it('listing answers every member of the device’s branch, whether each has a PIN but no PIN (decision 0197); /{id} one of them', async () => {
    const staff = await list();
    expect(staff.map((m) => m.displayName)).toEqual(expect.arrayContaining(['Alex', 'Sam', 'Jo', 'Mia']));
    expect(staff.map((m) => m.displayName)).not.toContain('Chris');
    const one = await manage(h.app, branch1, ALEX, 'GET', '/staff/listing/2');
    expect(one.status).toBe(200);
    expect(one.body.data.staff).toMatchObject({ id: 2, displayName: 'Sam', hasPin: true, teamId: 2 });
    expect(one.body.data.staff).not.toHaveProperty('pinCode');
  });

  it.each([
    ['no X-Staff-Pin', null, 'form.required'],
    ['a malformed PIN', '12', 'form.minChars'],
    ['an unknown PIN', '9999', 'staff.invalidPin'],
    ['the PIN of a member without settings access (Sam)', '2222', 'staff.invalidPin'],
    ['the PIN of an inactive member (Jo)', '3333', 'staff.invalidPin'],
    ['the PIN of a manager of another branch (Olga)', '7777', 'staff.invalidPin'],
  ])(
    'decision 0110: %s is refused with 400 10032 (never 401, which resets a tablet)',
    async (_n, pin, message) => {
      for (const [method, path] of [
        ['GET', '/staff/listing'],
        ['GET', '/team/listing'],
        ['POST', '/staff/delete/2'],
      ] as const) {
        const r = await manage(h.app, branch1, pin, method, path);
        expect(r.status).toBe(400);
        expect(r.body.error.code).toBe(10032);
        expect(r.body.error.detail.fields).toEqual([
          expect.objectContaining({ field: 'x-staff-pin', message }),
        ]);
      }
      expect((await list()).some((m) => m.id === 2)).toBe(true);
    },
  );

  it('decision 0110 admin-only parts: a member without settings access (Sam) can neither grant it nor delete', async () => {
    const grant = await manage(h.app, branch1, '2222', 'POST', '/staff/update/2', {
      hasSettingsAccess: true,
    });
    expect([grant.status, grant.body.error.code]).toEqual([400, 10032]);
    const del = await manage(h.app, branch1, '2222', 'POST', '/staff/delete/6');
    expect([del.status, del.body.error.code]).toEqual([400, 10032]);
    const staff = await list();
    expect(staff.find((m) => m.id === 2)?.hasSettingsAccess).toBe(false);
    expect(staff.some((m) => m.id === 6)).toBe(true);
  });

  it('without a device token, or in web mode, manage calls answer 401 10005', async () => {
    const none = await manage(h.app, { 'x-auth-type': 'app' }, ALEX, 'GET', '/staff/listing');
    expect([none.status, none.body.error.code]).toEqual([401, 10005]);
    const guest = await manage(h.app, web(), ALEX, 'GET', '/staff/listing');
    expect([guest.status, guest.body.error.code]).toEqual([401, 10005]);
  });

  it('a device of another branch sees and changes only its own team: branch 1 ids are 404 10014', async () => {
    expect((await list(branch2)).map((m) => m.displayName).sort()).toEqual(['Chris', 'Dana', 'Lee']);
    for (const [method, path, body] of [
      ['GET', '/staff/listing/2', undefined],
      ['POST', '/staff/update/2', { id: 2, status: 0 }],
      ['POST', '/staff/delete/2', undefined],
    ] as const) {
      const r = await manage(h.app, branch2, ALEX, method, path, body);
      expect([r.status, r.body.error.code]).toEqual([404, 10014]);
    }
    expect((await list()).find((m) => m.id === 2)?.status).toBe(1);
  });

  it('a device of another company sees its own team only and cannot reach the demo branch’s members', async () => {
    expect((await list(otherCompany, '7777')).map((m) => m.displayName)).toEqual(['Olga']);
    const r = await manage(h.app, otherCompany, '7777', 'POST', '/staff/update/1', { displayName: 'X' });
    expect([r.status, r.body.error.code]).toEqual([404, 10014]);
    const teams = await manage(h.app, otherCompany, '7777', 'GET', '/team/listing');
    expect(teams.body.data.items).toEqual([{ id: 0, name: 'None', status: 1 }]);
  });

  it('team listing: the company’s active teams, the synthetic None (id 0) last', async () => {
    const r = await manage(h.app, branch1, ALEX, 'GET', '/team/listing');
    expect(r.status).toBe(200);
    expect(r.body.data.items.map((t: { id: number; name: string }) => [t.id, t.name])).toEqual([
      [2, 'Bar'],
      [1, 'Front of house'],
      [3, 'Kitchen'],
      [0, 'None'],
    ]);
  });

  it('add trims, defaults weight to 50 and status active, answers data.id; survey.config’s staff edge shows it at once', async () => {
    await call(h.app, { method: 'GET', url: '/api/v1/survey/config?edge=staff', headers: branch1 });
    const r = await add({ displayName: '  Nia ', fullName: ' Nia Brook ', pinCode: ' 6161 ', teamId: 0 });
    expect(r.status).toBe(200);
    const id = r.body.data.id as number;
    const saved = await manage(h.app, branch1, ALEX, 'GET', `/staff/listing/${id}`);
    expect(saved.body.data.staff).toMatchObject({
      displayName: 'Nia',
      fullName: 'Nia Brook',
      hasPin: true,
      weight: 50,
      status: 1,
      teamId: 0,
      hasSettingsAccess: false,
    });
    const config = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=staff',
      headers: branch1,
    });
    expect(config.body.data.staff.map((m: { id: number }) => m.id)).toContain(id);
    await manage(h.app, branch1, ALEX, 'POST', `/staff/delete/${id}`);
    const after = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=staff',
      headers: branch1,
    });
    expect(after.body.data.staff.map((m: { id: number }) => m.id)).not.toContain(id);
  });

  it.each([
    ['D5.10/11 displayName blank after trim', { displayName: '   ' }, 'displayName', 'form.required'],
    ['D5.11 displayName unique case-insensitively', { displayName: ' ALEX ' }, 'displayName', 'form.unique'],
    ['D5.11 fullName required', { fullName: '' }, 'fullName', 'form.required'],
    ['D5.11 fullName unique case-insensitively', { fullName: 'sam patel' }, 'fullName', 'form.unique'],
    ['D5.12 PIN digits only', { pinCode: '12a' }, 'pinCode', 'form.numeric'],
    ['D5.12 PIN at least 3 digits', { pinCode: '12' }, 'pinCode', 'form.minChars'],
    ['D5.12 PIN at most 5 digits', { pinCode: '123456' }, 'pinCode', 'form.maxChars'],
    ['D5.12 PIN unique (even an inactive member’s)', { pinCode: '3333' }, 'pinCode', 'form.unique'],
    ['D5.13 weight at most 100', { weight: 101 }, 'weight', 'form.maxValue'],
    ['D5.13 weight digits only', { weight: '-1' }, 'weight', 'form.numeric'],
    ['team must exist', { teamId: 99 }, 'teamId', 'team.unknownTeam'],
  ])(
    '%s: add and update answer 400 10025 naming the field, nothing saved',
    async (_n, over, field, message) => {
      const before = await list();
      const r = await add(member(over));
      expect([r.status, r.body.error.code]).toEqual([400, 10025]);
      expect(r.body.error.detail.fields).toEqual([expect.objectContaining({ field, message })]);
      const u = await manage(h.app, branch1, ALEX, 'POST', '/staff/update/4', over);
      expect([u.status, u.body.error.code]).toEqual([400, 10025]);
      expect(u.body.error.detail.fields).toEqual([expect.objectContaining({ field, message })]);
      expect(await list()).toEqual(before);
    },
  );

  it('D5.14 update excludes the member’s own record from uniqueness; the body id must be the path’s', async () => {
    const same = await manage(h.app, branch1, ALEX, 'POST', '/staff/update/4', {
      displayName: 'priya',
      fullName: 'Priya Shah',
      pinCode: '4444',
      weight: 61,
    });
    expect(same.status).toBe(200);
    expect(same.body.data.id).toBe(4);
    expect((await list()).find((m) => m.id === 4)?.displayName).toBe('priya');
    await manage(h.app, branch1, ALEX, 'POST', '/staff/update/4', { displayName: 'Priya', weight: 60 });
    const other = await manage(h.app, branch1, ALEX, 'POST', '/staff/update/4', { id: 5, status: 0 });
    expect([other.status, other.body.error.code]).toEqual([400, 10025]);
  });

  it('the status toggle sends only id and status and changes nothing else', async () => {
    const before = (await list()).find((m) => m.id === 2);
    const off = await manage(h.app, branch1, ALEX, 'POST', '/staff/update/2', { id: 2, status: 0 });
    expect(off.status).toBe(200);
    expect((await list()).find((m) => m.id === 2)).toEqual({ ...before, status: 0 });
    await manage(h.app, branch1, ALEX, 'POST', '/staff/update/2', { id: 2, status: 1 });
    expect((await list()).find((m) => m.id === 2)).toEqual(before);
  });

  it('a member cannot change their own status or delete themselves: 400 10009', async () => {
    const status = await manage(h.app, branch1, ALEX, 'POST', '/staff/update/1', { id: 1, status: 0 });
    expect([status.status, status.body.error.code, status.body.error.detail.reason]).toEqual([
      400,
      10009,
      'ownStatus',
    ]);
    const del = await manage(h.app, branch1, ALEX, 'POST', '/staff/delete/1');
    expect([del.status, del.body.error.code, del.body.error.detail.reason]).toEqual([
      400,
      10009,
      'ownRecord',
    ]);
    expect((await list()).find((m) => m.id === 1)?.status).toBe(1);
  });

  it('D5.17 the last active member with a PIN and settings access cannot lose it; with a second one they can', async () => {
    const lose = await manage(h.app, branch1, ALEX, 'POST', '/staff/update/1', { hasSettingsAccess: false });
    expect([lose.status, lose.body.error.code]).toEqual([400, 10025]);
    expect(lose.body.error.detail.fields).toEqual([
      expect.objectContaining({ field: 'hasSettingsAccess', message: 'team.noSettingsMember' }),
    ]);
    const zed = await add(
      member({ displayName: 'Zed', fullName: 'Zed Lane', pinCode: '8888', hasSettingsAccess: true }),
    );
    expect(zed.status).toBe(200);
    const zedId = zed.body.data.id as number;
    expect(
      (await manage(h.app, branch1, ALEX, 'POST', '/staff/update/1', { hasSettingsAccess: false })).status,
    ).toBe(200);
    // Alex can no longer act; Zed is now the last one and cannot drop his PIN, access or be made inactive.
    expect((await manage(h.app, branch1, ALEX, 'GET', '/staff/listing')).body.error.code).toBe(10032);
    const pin = await manage(h.app, branch1, '8888', 'POST', `/staff/update/${zedId}`, { pinCode: null });
    expect([pin.status, pin.body.error.code]).toEqual([400, 10025]);
    expect(
      (await manage(h.app, branch1, '8888', 'POST', '/staff/update/1', { hasSettingsAccess: true })).status,
    ).toBe(200);
    const off = await manage(h.app, branch1, ALEX, 'POST', `/staff/update/${zedId}`, {
      id: zedId,
      status: 0,
    });
    expect(off.status).toBe(200);
    const alexOff = await manage(h.app, branch1, ALEX, 'POST', `/staff/delete/${zedId}`);
    expect(alexOff.status).toBe(200);
  });

  it('delete removes the member of the branch; a second delete is 404 10014', async () => {
    const id = (await add(member())).body.data.id as number;
    const r = await manage(h.app, branch1, ALEX, 'POST', `/staff/delete/${id}`);
    expect([r.status, r.body.data.id]).toEqual([200, id]);
    expect((await list()).some((m) => m.id === id)).toBe(false);
    const again = await manage(h.app, branch1, ALEX, 'POST', `/staff/delete/${id}`);
    expect([again.status, again.body.error.code]).toEqual([404, 10014]);
  });
});

// The index behind D5.12 when two saves race past the check: pinUnique turns its refusal into the check's.
describe.each(databases())('manage.staff PIN index on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(() => h?.close());

  it('D5.12 a write the PIN index refuses is 10025 on pinCode; other failures pass through', async () => {
    const insert = (pinCode: string, branchId = 1) =>
      pinUnique(() =>
        h.database.db
          .insert(staffMembers)
          .values({ branchId, displayName: 'Race', fullName: 'Race', pinCode }),
      );
    await expect(insert('1111')).rejects.toMatchObject({
      code: 10025,
      detail: { fields: [expect.objectContaining({ field: 'pinCode', message: 'form.unique' })] },
    });
    await expect(insert('1112', 999)).rejects.not.toMatchObject({ code: 10025 });
    await expect(insert('1113')).resolves.toBeDefined();
  });
});
