import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { type ConfigResponse, type DeviceState, UpdateState } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_DB_VERSION, openDeviceDb } from '../../platform/device-db';
import { closeDeviceSession, hydrateDevice, useDevice } from '../../platform/device-session';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { deviceConfig, type FakeCall, fakeServer, ok, pinFields, registeredDevice } from '../../test/device';
import { closeMenuDb } from './menu-db';
import { browserSyncDeps, createSync } from './sync';

// Decision 0228: the tablet's poll names the ETag of the config it holds; an unchanged config is a 304.

const alex = {
  id: 1,
  displayName: 'Alex',
  fullName: 'Alex Smith',
  status: 1 as const,
  teamId: 1,
  gender: null,
  type: null,
  imageUrl: null,
  thumbnailUrl: null,
  tags: [],
  ...pinFields('1111'),
  weight: 10,
  hasSettingsAccess: false,
};

/**
 * survey.config as the server answers it: a weak ETag of the body, 304 to a matching If-None-Match
 * (apps/server/src/routes/survey/survey.config.ts); `config` is what the server holds now.
 */
function server(initial: ConfigResponse) {
  const state = { config: initial, configCalls: [] as FakeCall[], menuCalls: 0 };
  const calls = fakeServer({
    '/api/v1/survey/config': (call) => {
      state.configCalls.push(call);
      const body = { data: state.config };
      const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;
      const headers = { ETag: etag, 'Cache-Control': 'no-store' };
      if (call.headers.get('if-none-match') === etag) return { status: 304, headers };
      return { ...ok(state.config), headers };
    },
    '/api/v1/survey/menu/export': () => {
      state.menuCalls += 1;
      return ok({ products: [], major_groups: [], family_groups: [] });
    },
  });
  return { state, calls };
}

/** A poll each time it is called: the clock jumps past the nextSync the last poll set. */
function poller() {
  let clock = Date.now();
  const sync = createSync({
    ...browserSyncDeps(),
    now: () => clock,
    every: () => () => undefined,
    upload: async () => undefined,
  });
  return async () => {
    clock = Math.max(clock, (useDevice.getState().state.nextSync ?? 0) + 1);
    expect(await sync.tick()).toBe('polled');
  };
}

const sentEtag = (call: FakeCall | undefined) => call?.headers.get('if-none-match') ?? null;
const device = () => useDevice.getState().state;

let db = 0;
beforeEach(async () => {
  useGuestSession.setState(emptySession);
  db += 1;
  await closeMenuDb(`config-etag-test-${db}`);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await closeMenuDb();
  await closeDeviceSession();
});

describe('conditional config download (D4.67, D4.68, decision 0228)', () => {
  it('polls: whole once, then 304s that keep the config, then a changed team replaces it', async () => {
    const { state: api } = server(deviceConfig());
    // As a tablet stored before this change: a config, no ETag.
    registeredDevice({ config: deviceConfig(), lastSynchronised: 1 });
    const poll = poller();

    await poll();
    expect(sentEtag(api.configCalls[0])).toBeNull();
    const etag = device().configEtag?.etag;
    expect(etag).toMatch(/^W\/"/);

    const menuExport = api.menuCalls;
    expect(menuExport).toBeGreaterThan(0);
    const kept = device().config;
    const syncedBefore = device().lastSynchronised ?? 0;
    useDevice
      .getState()
      .change((s) => ({ ...s, updateState: { ...s.updateState, menu: UpdateState.PENDING } }));
    await poll();
    expect(sentEtag(api.configCalls[1])).toBe(etag);
    expect(device().config).toBe(kept);
    expect(device().configTemp).toBeNull();
    expect(device().configEtag?.etag).toBe(etag);
    expect(device().lastSynchronised).toBeGreaterThanOrEqual(syncedBefore);
    expect(device().configEtag?.syncedAt).toBe(device().lastSynchronised);
    // Everything after a download still ran: update states, the menu export, the next poll's time.
    expect(device().updateState).toMatchObject({
      config: UpdateState.DONE,
      surveys: UpdateState.DONE,
      menu: UpdateState.DONE,
    });
    expect(api.menuCalls).toBe(2 * menuExport);

    api.config = { ...deviceConfig(), staff: [alex] };
    await poll();
    expect(sentEtag(api.configCalls[2])).toBe(etag);
    expect(device().cachedStaff).toEqual([alex]);
    expect(device().config?.staff).toEqual([alex]);
    expect(device().configEtag?.etag).not.toBe(etag);
  });

  it('D4.6 a config held during a survey keeps its ETag: a 304 keeps it held, and it goes live after', async () => {
    const { state: api } = server(deviceConfig());
    registeredDevice();
    const poll = poller();
    await poll();
    api.config = { ...deviceConfig(), staff: [alex] };
    useGuestSession.setState({ ...emptySession, surveyInProgress: 1 });
    await poll();
    const held = device().configTemp;
    expect(held?.staff).toEqual([alex]);
    expect(device().cachedStaff).toEqual([]);
    await poll();
    expect(api.configCalls.map((call) => call.headers.has('if-none-match'))).toEqual([false, true, true]);
    expect(device().configTemp).toBe(held);
    useGuestSession.setState({ surveyInProgress: null });
    await poll();
    expect(device().configTemp).toBeNull();
    expect(device().cachedStaff).toEqual([alex]);
    // The live config is the one the last 304 spoke of.
    expect(sentEtag(api.configCalls[3])).toBe(device().configEtag?.etag);
  });

  it('a state stored in IndexedDB before ETags were kept is read without one and downloads whole once', async () => {
    const name = `config-etag-device-${db}`;
    const stored = registeredDevice({ lastSynchronised: 1 });
    const { configEtag: _none, ...before } = stored;
    const database = await openDeviceDb(name);
    expect(database.version).toBe(DEVICE_DB_VERSION);
    await database.put('device', before as DeviceState, 'state');
    database.close();
    useDevice.setState({ hydrated: false });
    await hydrateDevice(name);
    expect(device().configEtag).toBeNull();
    expect(device().config).toEqual(stored.config);

    const { state: api } = server(deviceConfig());
    const poll = poller();
    await poll();
    await poll();
    expect(api.configCalls.map(sentEtag)).toEqual([null, device().configEtag?.etag]);
    expect(device().configEtag?.etag).toMatch(/^W\/"/);
  });
});
