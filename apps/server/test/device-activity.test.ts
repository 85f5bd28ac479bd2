import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../src/db/schema';
import { createDeviceActivity, type DeviceActivity } from '../src/services/devices/activity';
import { databases } from './databases';
import { call, type Harness, insertDevice, NOW, startHarness } from './harness';
import { movableClock } from './retention-fixtures';
import { create, createPayload } from './submit-fixtures';

const SECOND = 1000;
const warnings: object[] = [];
const log = { warn: (detail: object) => warnings.push(detail) };
const at = (ms: number) => new Date(NOW.getTime() + ms);

/**
 * Decision 0212: what a tablet last did (seen, config download, upload, responses held) is recorded after
 * its answer is sent, at most once a minute per device per replica.
 */
describe.each(databases())('device activity on $name', (target) => {
  let h: Harness;
  let activity: DeviceActivity;
  const clock = movableClock(NOW);
  beforeAll(async () => {
    h = await startHarness(target, {
      clock,
      // Every call written at once here; the throttle has its own tests below.
      deps: (database) => {
        activity = createDeviceActivity({ db: database.db, log, intervalMs: 0 });
        return { deviceActivity: activity };
      },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const rowOf = async (headers: Record<string, string>) => {
    await activity.flush();
    const [row] = await h.database.db
      .select()
      .from(devices)
      .where(eq(devices.deviceId, headers['x-device-id'] ?? ''));
    return row;
  };

  it('a config download is a sync; X-Device-Queue is the held count; a guest’s call records nothing', async () => {
    const tablet = await insertDevice(h.database, { branchId: 1 });
    clock.set(at(0));
    const r = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core',
      headers: { ...tablet, 'x-device-queue': '4' },
    });
    expect(r.status).toBe(200);
    expect(await rowOf(tablet)).toMatchObject({
      lastSeenAt: at(0),
      lastSyncAt: at(0),
      lastUploadAt: null,
      heldResponses: 4,
    });
    await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core',
      headers: { 'x-survey-slug': 'demo-bistro' },
    });
    expect(warnings).toEqual([]);
  });

  it('an upload is a stored survey.submit; a refused one and other calls are only "seen"; a bad count is ignored', async () => {
    const tablet = { ...(await insertDevice(h.database, { branchId: 1 })), 'x-template-id': '1' };
    clock.set(at(10 * SECOND));
    expect((await create(h.app, createPayload(), { ...tablet, 'x-device-queue': '2' })).status).toBe(200);
    expect(await rowOf(tablet)).toMatchObject({
      lastUploadAt: at(10 * SECOND),
      heldResponses: 2,
      lastSyncAt: null,
    });

    clock.set(at(20 * SECOND));
    const refused = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: { ...tablet, 'x-device-queue': 'lots' },
      payload: { type: 'create', payload: { guid: 'not-a-guid' } },
    });
    expect(refused.status).toBe(400);
    expect(await rowOf(tablet)).toMatchObject({
      lastSeenAt: at(20 * SECOND),
      lastUploadAt: at(10 * SECOND),
      heldResponses: 2,
    });
  });

  it('a disabled tablet’s refused call (10030) records nothing', async () => {
    const tablet = await insertDevice(h.database, { branchId: 1, enabled: false });
    const r = await call(h.app, { method: 'GET', url: '/api/v1/survey/config?edge=core', headers: tablet });
    expect(r.body.error.code).toBe(10030);
    expect(await rowOf(tablet)).toMatchObject({ lastSeenAt: null, lastSyncAt: null });
  });
});

describe.each(databases())('device activity writes at most once an interval on $name', (target) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(target);
  });
  afterAll(async () => {
    await h?.close();
  });

  const deviceRow = async (id: number) =>
    (await h.database.db.select().from(devices).where(eq(devices.id, id)))[0];
  const newDevice = async () => {
    const headers = await insertDevice(h.database, { branchId: 1 });
    const [row] = await h.database.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, headers['x-device-id'] ?? ''));
    return row?.id ?? 0;
  };

  it('the first call is written at once; later ones within the minute wait, merged, for the next write', async () => {
    const activity = createDeviceActivity({ db: h.database.db, log, intervalMs: 60_000 });
    const id = await newDevice();
    activity.record(id, { at: at(0), held: 1 });
    await activity.settled();
    expect(await deviceRow(id)).toMatchObject({ lastSeenAt: at(0), heldResponses: 1, lastSyncAt: null });
    activity.record(id, { at: at(10 * SECOND), sync: true, held: 5 });
    activity.record(id, { at: at(20 * SECOND), upload: true, held: null });
    await activity.settled();
    // Nothing more written within the minute.
    expect(await deviceRow(id)).toMatchObject({ lastSeenAt: at(0), heldResponses: 1, lastSyncAt: null });
    await activity.flush();
    expect(await deviceRow(id)).toMatchObject({
      lastSeenAt: at(20 * SECOND),
      lastSyncAt: at(10 * SECOND),
      lastUploadAt: at(20 * SECOND),
      heldResponses: 5,
    });
  });

  it('two replicas: a plain "seen" within the other’s minute is not written; a sync always is; time never goes back', async () => {
    const one = createDeviceActivity({ db: h.database.db, log, intervalMs: 60_000 });
    const two = createDeviceActivity({ db: h.database.db, log, intervalMs: 60_000 });
    const id = await newDevice();
    one.record(id, { at: at(30 * SECOND), held: 2 });
    await one.settled();
    two.record(id, { at: at(40 * SECOND), held: 3 });
    await two.settled();
    expect(await deviceRow(id)).toMatchObject({ lastSeenAt: at(30 * SECOND), heldResponses: 2 });
    const three = createDeviceActivity({ db: h.database.db, log, intervalMs: 60_000 });
    three.record(id, { at: at(5 * SECOND), sync: true, held: null });
    await three.settled();
    expect(await deviceRow(id)).toMatchObject({ lastSeenAt: at(30 * SECOND), lastSyncAt: at(5 * SECOND) });
    expect(warnings).toEqual([]);
  });
});
