import type { DeviceState } from '@venue-voice/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The tablet's own IndexedDB database (the offline queue lives in another one, `venue-voice-queue`). */
export const DEVICE_DB_NAME = 'venue-voice-device';
export const DEVICE_DB_VERSION = 1;

/** Version 1: one record, the domain's DeviceState, under the key 'state'. */
export interface DeviceDb extends DBSchema {
  device: { key: 'state'; value: DeviceState };
}

/**
 * Each version's step runs once, in order, for a database older than it; a later version adds its
 * step below and never edits an earlier one, so a tablet that skipped releases still ends up current.
 */
export function upgradeDeviceDb(db: IDBPDatabase<DeviceDb>, oldVersion: number): void {
  if (oldVersion < 1) db.createObjectStore('device');
}

export const openDeviceDb = (name = DEVICE_DB_NAME): Promise<IDBPDatabase<DeviceDb>> =>
  openDB<DeviceDb>(name, DEVICE_DB_VERSION, {
    upgrade: (db, oldVersion) => upgradeDeviceDb(db, oldVersion),
  });

export async function readDeviceState(db: IDBPDatabase<DeviceDb>): Promise<DeviceState | undefined> {
  return db.get('device', 'state');
}

export async function writeDeviceState(db: IDBPDatabase<DeviceDb>, state: DeviceState): Promise<void> {
  await db.put('device', state, 'state');
}
