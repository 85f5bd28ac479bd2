import 'fake-indexeddb/auto';
import {
  completeRegistration,
  type DeviceState,
  initialDeviceState,
  type StaffMember,
} from '@venue-voice/domain';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEVICE_DB_VERSION,
  type DeviceDb,
  openDeviceDb,
  readDeviceState,
  upgradeDeviceDb,
  writeDeviceState,
} from './device-db';
import {
  closeDeviceSession,
  deviceCredentials,
  hydrateDevice,
  isAppMode,
  newDeviceUuid,
  resetDevice,
  signedInMember,
  useDevice,
} from './device-session';

let counter = 0;
const freshName = () => `venue-voice-device-test-${++counter}`;
const registered = {
  companyKey: 'demo',
  branchId: 1,
  deviceId: 'bar-tablet',
  token: 'tok',
  settingsPasscode: '123',
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(async () => {
  await closeDeviceSession();
});

describe('device database', () => {
  it('version 1 from nothing makes the device store, and a stored state survives reopening', async () => {
    const name = freshName();
    const db = await openDeviceDb(name);
    expect([...db.objectStoreNames]).toEqual(['device']);
    const state = initialDeviceState('uuid-1');
    await writeDeviceState(db, state);
    db.close();
    const again = await openDeviceDb(name);
    expect(await readDeviceState(again)).toEqual(state);
    again.close();
  });

  it('the upgrade steps run only for an older database', async () => {
    const name = freshName();
    const seen: number[] = [];
    const db = await openDB<DeviceDb>(name, 1, {
      upgrade: (database, oldVersion, _newVersion, transaction) => {
        seen.push(oldVersion);
        upgradeDeviceDb(database, oldVersion, transaction);
      },
    });
    db.close();
    const reopened = await openDeviceDb(name);
    expect(seen).toEqual([0]);
    expect(reopened.version).toBe(DEVICE_DB_VERSION);
    reopened.close();
  });

  it('version 2 drops the clear staff PINs a version 1 tablet stored, keeping whether each member had one', async () => {
    const name = freshName();
    // A tablet of before decision 0197: its config, held config and cached staff carry pinCode.
    const old = (id: number, pinCode: string | null) => ({ id, displayName: `M${id}`, status: 1, pinCode });
    const staff = [old(1, '1111'), old(2, null), old(3, '3333')];
    const stored = {
      ...initialDeviceState('uuid-old'),
      config: { staff },
      configTemp: { staff, surveys: [] },
      cachedStaff: staff,
    } as unknown as DeviceState;
    const v1 = await openDB<DeviceDb>(name, 1, {
      upgrade: (database, oldVersion, _newVersion, transaction) =>
        upgradeDeviceDb(database, oldVersion, transaction),
    });
    await writeDeviceState(v1, stored);
    v1.close();
    const db = await openDeviceDb(name);
    const state = await readDeviceState(db);
    db.close();
    expect(JSON.stringify(state)).not.toMatch(/pinCode|1111|3333/);
    for (const members of [state?.config?.staff, state?.configTemp?.staff, state?.cachedStaff]) {
      expect(members?.map((m) => [m.id, m.hasPin])).toEqual([
        [1, true],
        [2, false],
        [3, true],
      ]);
    }
    expect(state?.configTemp?.surveys).toEqual([]);
    expect(state?.uuid).toBe('uuid-old');
  });
});

describe('device session', () => {
  it('a new device gets a uuid, stored so it stays the same after a reload', async () => {
    const name = freshName();
    await hydrateDevice(name);
    const uuid = useDevice.getState().state.uuid;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    await closeDeviceSession();
    await hydrateDevice(name);
    expect(useDevice.getState().state.uuid).toBe(uuid);
  });

  it('D4.2 a change is saved: after registration the device is in app mode with credentials, also after a reload', async () => {
    const name = freshName();
    await hydrateDevice(name);
    expect(isAppMode()).toBe(false);
    expect(deviceCredentials()).toBeNull();
    useDevice.getState().change((state) => completeRegistration(state, registered));
    await flush();
    await closeDeviceSession();
    await hydrateDevice(name);
    expect(isAppMode()).toBe(true);
    expect(deviceCredentials()).toEqual({
      companyKey: 'demo',
      branchId: 1,
      deviceId: 'bar-tablet',
      token: 'tok',
    });
  });

  it('D4.1 a reset keeps only the uuid and connectivity', async () => {
    await hydrateDevice(freshName());
    const uuid = useDevice.getState().state.uuid;
    useDevice.getState().change((state) => completeRegistration(state, registered));
    resetDevice();
    const state = useDevice.getState().state;
    expect(state).toEqual(initialDeviceState(uuid, state.hasConnectivity));
    expect(isAppMode()).toBe(false);
  });
});

describe('device uuid', () => {
  it('uses crypto.randomUUID, else a v4 uuid from random bytes (a guest browser without it still starts)', () => {
    expect(newDeviceUuid({ randomUUID: () => '11111111-2222-4333-8444-555555555555' })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
    const fallback = newDeviceUuid({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => array,
    });
    expect(fallback).toBe('00000000-0000-4000-8000-000000000000');
    expect(newDeviceUuid({})).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('signed-in member (D4.21, kiosk and Manage team)', () => {
  const member = (id: number, displayName: string) => ({ id, displayName }) as StaffMember;
  const cached = [member(1, 'Ana'), member(2, 'Ben')];
  it.each([
    ['nobody signed in', null, null, null],
    ['from the cached staff', 2, null, 'Ben'],
    ["the live config's staff first", 1, [member(1, 'Ana (new)')], 'Ana (new)'],
    ['a member no longer in the staff', 9, null, null],
  ])('%s', (_name, loggedInMember, configStaff, expected) => {
    const state = {
      ...initialDeviceState('uuid-1'),
      loggedInMember,
      cachedStaff: cached,
      config: configStaff ? { staff: configStaff } : null,
    };
    expect(signedInMember(state)?.displayName ?? null).toBe(expected);
  });
});
