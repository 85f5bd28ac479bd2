import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices } from '../src/db/schema';
import { createDeviceActivity, type DeviceActivity } from '../src/services/devices/activity';
import { databases } from './databases';
import { call, type Harness, insertDevice, NOW, startHarness } from './harness';
import { CONSOLE, type ConsoleHeaders, DEMO_SIGN_INS, signIn } from './support/console';

const log = { warn: () => undefined };

/**
 * Tablets in the console (issue 28 item 4; O3.14, decision 0212): their state and activity, and
 * disable, enable and release — what `npm run admin` does, through the same functions.
 */
describe.each(databases())('console devices on $name', (target) => {
  let h: Harness;
  let activity: DeviceActivity;
  let owner: ConsoleHeaders;
  let manager: ConsoleHeaders;
  let soho: Record<string, string>;
  let manchester: Record<string, string>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    h = await startHarness(target, {
      deps: (database) => {
        activity = createDeviceActivity({ db: database.db, log, intervalMs: 0 });
        return { deviceActivity: activity };
      },
    });
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
    manager = await signIn(h, DEMO_SIGN_INS.manager.email, DEMO_SIGN_INS.manager.password);
    soho = await insertDevice(h.database, { branchId: 1 });
    manchester = await insertDevice(h.database, { branchId: 2 });
    for (const headers of [soho, manchester]) {
      const deviceId = headers['x-device-id'] ?? '';
      const [row] = await h.database.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.deviceId, deviceId));
      ids[deviceId] = row?.id ?? 0;
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const idOf = (headers: Record<string, string>) => ids[headers['x-device-id'] ?? ''] ?? 0;
  const list = async (headers: ConsoleHeaders, query = '') => {
    await activity.flush();
    return call(h.app, { method: 'GET', url: `${CONSOLE}/devices${query}`, headers });
  };
  const act = (id: number, action: string, headers: ConsoleHeaders = manager) =>
    call(h.app, { method: 'POST', url: `${CONSOLE}/devices/${id}/${action}`, headers });
  const tabletCall = (headers: Record<string, string>) =>
    call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core',
      headers: { ...headers, 'x-device-queue': '6' },
    });

  it('lists each tablet with its branch, state and what it last did; a manager sees their branch’s only', async () => {
    expect((await tabletCall(soho)).status).toBe(200);
    const all = await list(owner);
    expect(all.status).toBe(200);
    const own = all.body.data.items.find((d: { id: number }) => d.id === idOf(soho));
    expect(own).toEqual({
      id: idOf(soho),
      deviceId: soho['x-device-id'],
      branchId: 1,
      branchName: 'Demo Bistro Soho',
      state: 'active',
      registeredAt: expect.any(String),
      lastSeenAt: NOW.toISOString(),
      lastSyncAt: NOW.toISOString(),
      lastUploadAt: null,
      heldResponses: 6,
    });
    expect(all.body.data.items.map((d: { branchId: number }) => d.branchId).sort()).toEqual([1, 2]);
    const mine = await list(manager);
    expect(mine.body.data.items.map((d: { id: number }) => d.id)).toEqual([idOf(soho)]);
    expect((await list(owner, '?branchId=2')).body.data.items.map((d: { id: number }) => d.id)).toEqual([
      idOf(manchester),
    ]);
    const hidden = await list(manager, '?branchId=2');
    expect([hidden.status, hidden.body.error.code]).toEqual([404, 10012]);
    expect((await list(manager, '?branchId=x')).body.error.code).toBe(10009);
  });

  it('disable: the tablet’s next call answers 10030 (it resets with that message); enable undoes it; both audited', async () => {
    const disabled = await act(idOf(soho), 'disable');
    expect(disabled.body.data.device).toMatchObject({ id: idOf(soho), state: 'disabled' });
    const refused = await tabletCall(soho);
    expect([refused.status, refused.body.error.code, refused.body.error.ui]).toEqual([401, 10030, true]);
    const [entry] = await h.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'device.disable',
      actorOperatorId: 2,
      subjectType: 'device',
      branchId: 1,
    });
    expect((await act(idOf(soho), 'enable')).body.data.device.state).toBe('active');
    expect((await tabletCall(soho)).status).toBe(200);
  });

  it('release: its token is revoked (10005) and it shows as released; a second release has nothing to release', async () => {
    const released = await act(idOf(soho), 'release');
    expect(released.body.data.device.state).toBe('released');
    expect((await tabletCall(soho)).body.error.code).toBe(10005);
    const again = await act(idOf(soho), 'release');
    expect([again.status, again.body.error.code]).toEqual([400, 10009]);
  });

  it('another branch’s tablet is not found for its manager (10014); the owner may act on it', async () => {
    const hidden = await act(idOf(manchester), 'disable');
    expect([hidden.status, hidden.body.error.code]).toEqual([404, 10014]);
    expect((await act(idOf(manchester), 'disable', owner)).body.data.device.state).toBe('disabled');
    expect((await act(99_999, 'enable', owner)).body.error.code).toBe(10014);
  });
});
