import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, operatorBranches, operators } from '../src/db/schema';
import { databases } from './databases';
import {
  appCall,
  appHeaders,
  type DeviceApp,
  freshDevice,
  register,
  startDeviceApp,
} from './device-fixtures';
import { call, web } from './harness';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, sessionHeaders, signIn } from './support/console';

/** Branches in the console (issue 28 item 4; O3.5–O3.8, O3.11, O3.12, O3.16; decision 0211). */
describe.each(databases())('console branches on $name', (target) => {
  let h: DeviceApp;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let viewer: ConsoleHeaders;
  beforeAll(async () => {
    h = await startDeviceApp(target);
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    const [row] = await h.database.db
      .insert(operators)
      .values({ companyId: 1, email: 'viewer@demo.test', name: 'Vic Viewer', role: 'viewer' })
      .returning({ id: operators.id });
    await h.database.db.insert(operatorBranches).values({ operatorId: row?.id ?? 0, branchId: 1 });
    viewer = await sessionHeaders(h.database.db, row?.id ?? 0);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, headers: ConsoleHeaders = owner) =>
    call(h.app, { method: 'GET', url: `${CONSOLE}${url}`, headers });
  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: object | undefined,
    headers: ConsoleHeaders = owner,
  ) => call(h.app, { method, url: `${CONSOLE}${url}`, headers, ...(payload ? { payload } : {}) });
  const audits = () => h.database.db.select().from(auditLog).orderBy(desc(auditLog.id));

  it('O1.4 the owner lists every branch by name with its settings; a manager only theirs', async () => {
    const all = await get('/branches');
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((b: { name: string }) => b.name)).toEqual([
      'Demo Bistro Manchester',
      'Demo Bistro Soho',
      'Demo Pop-up Shoreditch',
    ]);
    expect(all.body.data.items[1]).toEqual({
      id: 1,
      name: 'Demo Bistro Soho',
      address: '12 Greek Street, London W1D 4DL',
      latitude: 51.5136,
      longitude: -0.1365,
      timeZone: 'Europe/London',
      enableStaffPinCodes: true,
      tableEntry: true,
      syncSchedule: null,
      passcodeSetAt: null,
      surveyIds: [1, 2, 3],
    });
    const mine = await get('/branches', manager);
    expect(mine.body.data.items.map((b: { id: number }) => b.id)).toEqual([1]);
  });

  it('O1.1 a branch the operator may not see is one that does not exist (404 10012); a bad id is 10009', async () => {
    for (const [url, headers] of [
      ['/branches/2', manager],
      ['/branches/99', owner],
    ] as const) {
      const r = await get(url, headers);
      expect([r.status, r.body.error.code]).toEqual([404, 10012]);
    }
    expect((await get('/branches/01')).body.error.code).toBe(10009);
    expect((await get('/branches/1', viewer)).body.data.branch.id).toBe(1);
  });

  it('O3.5–O3.8 a faulty branch is refused field by field (10025); only the owner adds one (10034)', async () => {
    const bad = await send('POST', '/branches', {
      name: 'demo bistro soho',
      latitude: 95,
      timeZone: 'Mars/Olympus',
      syncSchedule: { when: '* * * * *', spread: 0 },
      surveyIds: [1, 20],
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, 10025]);
    expect(bad.body.error.detail.fields).toEqual([
      { field: 'name', in: 'body', message: 'form.unique' },
      { field: 'longitude', in: 'body', message: 'setup.positionPair' },
      { field: 'latitude', in: 'body', message: 'form.maxValue', params: { n: 90 } },
      { field: 'timeZone', in: 'body', message: 'setup.timeZone' },
      { field: 'syncSchedule.when', in: 'body', message: 'setup.syncTooOften', params: { minutes: 5 } },
      { field: 'surveyIds', in: 'body', message: 'setup.unknownSurvey', params: { id: 20 } },
    ]);
    const byManager = await send('POST', '/branches', { name: 'Leeds', timeZone: 'Europe/London' }, manager);
    expect([byManager.status, byManager.body.error.code]).toEqual([403, 10034]);
  });

  it('the owner adds a branch: it serves every active survey, guests find it near them, a tablet registers with its passcode', async () => {
    const r = await send('POST', '/branches', {
      name: ' Demo Bistro Leeds ',
      address: '1 Briggate, Leeds LS1 6HD',
      latitude: 53.7974,
      longitude: -1.5425,
      timeZone: 'europe/london',
    });
    expect(r.status).toBe(201);
    const { branch, passcode } = r.body.data;
    expect(branch).toMatchObject({
      name: 'Demo Bistro Leeds',
      timeZone: 'Europe/London',
      surveyIds: [1, 2, 3],
    });
    expect(branch.passcodeSetAt).toBe(h.clock.now().toISOString());
    expect(passcode).toMatch(/^[a-z0-9]{5}$/);
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: 'branch.create',
      subjectId: String(branch.id),
      branchId: branch.id,
    });
    expect(entry?.detail).toMatchObject({ name: 'Demo Bistro Leeds', passcodeSet: true });
    expect(JSON.stringify(entry?.detail)).not.toContain(passcode);

    const near = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/branch?latitude=53.8&longitude=-1.55',
      headers: web('demo-bistro'),
    });
    expect(near.body.data.branches[0]).toMatchObject({ id: branch.id, name: 'Demo Bistro Leeds' });

    const { deviceId, address } = freshDevice();
    const registered = await register(h.app, { deviceId, address, branch: String(branch.id), passcode });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  });

  it('a manager edits their branch (audited), the viewer may not (10034), tablets get the schedule and table entry', async () => {
    const r = await send(
      'PATCH',
      '/branches/1',
      {
        tableEntry: false,
        syncSchedule: { when: '0 4 * * *', spread: 900 },
        timeZone: 'Europe/Dublin',
        surveyIds: [2, 3],
      },
      manager,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.branch).toMatchObject({
      tableEntry: false,
      syncSchedule: { when: '0 4 * * *', spread: 900 },
      timeZone: 'Europe/Dublin',
      surveyIds: [2, 3],
      latitude: 51.5136,
    });
    expect((await audits())[0]).toMatchObject({ action: 'branch.update', actorOperatorId: 2, branchId: 1 });
    const { deviceId, address } = freshDevice();
    const token = (await register(h.app, { deviceId, address })).body.data.token as string;
    const config = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core,surveys',
      headers: appHeaders(deviceId, token),
    });
    expect(config.body.data.core.schedules).toEqual([{ what: 'sync', when: '0 4 * * *', spread: 900 }]);
    expect(
      config.body.data.surveys.map((s: { slug: string; tableNumberEntry: boolean }) => [
        s.slug,
        s.tableNumberEntry,
      ]),
    ).toEqual([
      ['demo-cafe', false],
      ['demo-table', false],
    ]);
    const refused = await send('PATCH', '/branches/1', { name: 'Viewer was here' }, viewer);
    expect([refused.status, refused.body.error.code]).toEqual([403, 10034]);
    const elsewhere = await send('PATCH', '/branches/2', { name: 'Not yours' }, manager);
    expect([elsewhere.status, elsewhere.body.error.code]).toEqual([404, 10012]);
  });

  it('O3.16 passcode rotation: the new one is answered once, the old one registers no new tablet, registered tablets keep working', async () => {
    const before = freshDevice();
    const token = (await register(h.app, { ...before, branch: '2' })).body.data.token as string;
    const r = await send('POST', '/branches/2/passcode', undefined);
    expect(r.status).toBe(200);
    const { passcode } = r.body.data;
    expect(passcode).toMatch(/^[a-z0-9]{5}$/);
    const [entry] = await audits();
    expect(entry).toMatchObject({
      action: 'passcode.rotate',
      subjectType: 'branch',
      subjectId: '2',
      detail: {},
    });

    const withOld = await register(h.app, { ...freshDevice(), branch: '2', passcode: 'demo1' });
    expect(withOld.status).toBe(401);
    const withNew = await register(h.app, { ...freshDevice(), branch: '2', passcode });
    expect(withNew.status).toBe(200);
    expect((await appCall(h.app, appHeaders(before.deviceId, token))).status).toBe(200);
    expect((await get('/branches/2')).body.data.branch.passcodeSetAt).toBe(h.clock.now().toISOString());

    const byViewer = await send('POST', '/branches/1/passcode', undefined, viewer);
    expect([byViewer.status, byViewer.body.error.code]).toEqual([403, 10034]);
  });
});
