import { desc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { databases } from './databases';
import { call, type Harness, insertDevice, startHarness, web } from './harness';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';
import { multipart } from './upload-helpers';

const jpeg = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

/**
 * Staff in the console (issue 28 item 4; decision 0213): the tablet's Manage team rules and messages
 * (D5), run by the same service with the operator acting; O3.17 for a branch being set up.
 */
describe.each(databases())('console staff on $name', (target) => {
  let h: Harness;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let tablet: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    tablet = { ...(await insertDevice(h.database, { branchId: 1 })), 'x-staff-pin': '1111' };
  });
  afterAll(async () => {
    await h?.close();
  });

  const consoleCall = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers = manager,
  ) => call(h.app, { method, url: `${CONSOLE}${url}`, headers, ...(payload ? { payload } : {}) });
  const lastAudit = async () =>
    (await h.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const guestStaff = async (branch: string) =>
    (
      await call(h.app, {
        method: 'GET',
        url: '/api/v1/survey/config?edge=staff',
        headers: web('demo-bistro', { 'x-branch': branch }),
      })
    ).body.data.staff.map((m: { displayName: string }) => m.displayName);

  it('lists the team in the tablet’s order without a PIN, and the team categories', async () => {
    const r = await consoleCall('GET', '/branches/1/staff');
    expect(r.status).toBe(200);
    expect(r.body.data.items[0]).toMatchObject({
      id: 1,
      displayName: 'Alex',
      hasPin: true,
      hasSettingsAccess: true,
    });
    expect(JSON.stringify(r.body)).not.toMatch(/pinCode|1111/);
    expect(r.body.data.teams.at(-1)).toEqual({ id: 0, name: 'None', status: 1 });
    const hidden = await consoleCall('GET', '/branches/2/staff');
    expect([hidden.status, hidden.body.error.code]).toEqual([404, 10012]);
  });

  it.each([
    ['a taken name and a bad PIN', { displayName: ' alex ', fullName: 'Alex Two', pinCode: '12a' }],
    ['blank names and a weight over 100', { displayName: ' ', fullName: '', weight: 101 }],
    [
      'a taken PIN and an unknown team',
      { displayName: 'Nia', fullName: 'Nia New', pinCode: '2222', teamId: 999 },
    ],
    ['a name too long and a bidi control', { displayName: 'x'.repeat(51), fullName: 'Eve \u202e' }],
  ])('D5 %s: the console answers exactly what the tablet’s manage.staff.add answers', async (_name, body) => {
    const fromConsole = await consoleCall('POST', '/branches/1/staff', body);
    const fromTablet = await call(h.app, {
      method: 'POST',
      url: '/api/v1/manage/staff/add',
      headers: tablet,
      payload: body,
    });
    expect(fromConsole.status).toBe(400);
    expect(fromConsole.body.error.code).toBe(fromTablet.body.error.code);
    expect(fromConsole.body.error.detail).toEqual(fromTablet.body.error.detail);
  });

  it('adds, edits and removes a member (each audited, the PIN never), and guests see the team change', async () => {
    const added = await consoleCall('POST', '/branches/1/staff', {
      displayName: 'Nia',
      fullName: 'Nia New',
      pinCode: '8642',
    });
    expect(added.status).toBe(201);
    const { member } = added.body.data;
    expect(member).toMatchObject({ displayName: 'Nia', hasPin: true, weight: 50, status: 1, teamId: 0 });
    const addEntry = await lastAudit();
    expect(addEntry).toMatchObject({
      action: 'staff.add',
      subjectType: 'staff',
      subjectId: String(member.id),
      branchId: 1,
    });
    expect(addEntry?.detail).toMatchObject({ displayName: 'Nia', pinChanged: true });
    expect(JSON.stringify(addEntry?.detail)).not.toContain('8642');
    expect(await guestStaff('1')).toContain('Nia');

    const edited = await consoleCall('PATCH', `/staff/${member.id}`, {
      fullName: 'Nia Newton',
      pinCode: '9753',
    });
    expect(edited.body.data.member).toMatchObject({ fullName: 'Nia Newton', displayName: 'Nia' });
    expect((await lastAudit())?.detail).toEqual({ fullName: 'Nia Newton', pinChanged: true });

    const removed = await consoleCall('DELETE', `/staff/${member.id}`);
    expect(removed.body.data).toEqual({ id: member.id });
    expect(await lastAudit()).toMatchObject({
      action: 'staff.delete',
      detail: { displayName: 'Nia', fullName: 'Nia Newton' },
    });
    expect(await guestStaff('1')).not.toContain('Nia');
    const again = await consoleCall('DELETE', `/staff/${member.id}`);
    expect([again.status, again.body.error.code]).toEqual([404, 10014]);
  });

  it('a member of a branch the manager may not see is not found (10014); the owner may change it', async () => {
    // Chris (7) works at Manchester, branch 2.
    const hidden = await consoleCall('PATCH', '/staff/7', { weight: 10 });
    expect([hidden.status, hidden.body.error.code]).toEqual([404, 10014]);
    expect((await consoleCall('PATCH', '/staff/7', { weight: 80 }, owner)).body.data.member.weight).toBe(80);
  });

  it('O3.17 a branch set up in the console saves members before it has a manager, and then keeps one', async () => {
    const cook = await consoleCall(
      'POST',
      '/branches/3/staff',
      { displayName: 'Cook', fullName: 'Casey Cook' },
      owner,
    );
    expect(cook.status).toBe(201);
    const renamed = await consoleCall(
      'PATCH',
      `/staff/${cook.body.data.member.id}`,
      { displayName: 'Chef' },
      owner,
    );
    expect(renamed.status).toBe(200);
    const boss = await consoleCall(
      'POST',
      '/branches/3/staff',
      { displayName: 'Boss', fullName: 'Bo Boss', pinCode: '4321', hasSettingsAccess: true },
      owner,
    );
    const refused = await consoleCall('DELETE', `/staff/${boss.body.data.member.id}`, undefined, owner);
    expect([refused.status, refused.body.error.code]).toEqual([400, 10025]);
    expect(refused.body.error.detail.fields).toEqual([
      { field: 'id', in: 'path', message: 'team.noSettingsMember' },
    ]);
  });

  it('a photo goes through the tablet’s pipeline, replaces the former one, and is refused for a hidden member', async () => {
    const upload = async (id: number, headers = manager) => {
      const body = multipart([
        { name: 'image', body: await jpeg(), filename: 'me.jpg', contentType: 'image/jpeg' },
      ]);
      return call(h.app, {
        method: 'POST',
        url: `${CONSOLE}/staff/${id}/photo`,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const first = await upload(2);
    expect(first.status).toBe(200);
    const url: string = first.body.data.member.imageUrl;
    expect(url).toMatch(/^\/api\/v1\/uploads\/staff\/1\/[0-9a-f]{32}\.jpg$/);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'staff.update',
      subjectId: '2',
      detail: { photo: 'set' },
    });
    const second = await upload(2);
    expect(second.body.data.member.imageUrl).not.toBe(url);
    expect((await h.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const hidden = await upload(7);
    expect([hidden.status, hidden.body.error.code]).toEqual([404, 10014]);
  });
});
