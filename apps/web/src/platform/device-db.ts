import type { DeviceState, StaffMember } from '@venue-voice/domain';
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';

/** The tablet's own IndexedDB database (the offline queue lives in another one, `venue-voice-queue`). */
export const DEVICE_DB_NAME = 'venue-voice-device';
export const DEVICE_DB_VERSION = 2;

/**
 * Version 1: one record, the domain's DeviceState, under the key 'state'. Version 2 (decision 0197): the
 * same record, its staff without the clear `pinCode` older servers sent. A record written before
 * decision 0228 has no `configEtag`: reading fills in null, so it downloads its config whole once. That
 * takes no new version: nothing stored needs rewriting, and a version an older release does not know
 * would stop it opening the database at all after a rollback (a VersionError), tablet state and all.
 */
export interface DeviceDb extends DBSchema {
  device: { key: 'state'; value: DeviceState };
}

/** A member as a version 1 database may hold it: with the PIN in clear, without `hasPin`. */
type StoredMember = Omit<StaffMember, 'hasPin'> & { hasPin?: boolean; pinCode?: string | null };

const withoutPin = ({ pinCode, ...member }: StoredMember): StaffMember => ({
  ...member,
  hasPin: member.hasPin ?? (pinCode ?? '').trim() !== '',
});
const staffWithoutPins = <C extends { staff?: StaffMember[] } | null>(config: C): C =>
  config?.staff ? { ...config, staff: (config.staff as StoredMember[]).map(withoutPin) } : config;

/**
 * A stored state with every staff PIN dropped (config, held config, cached staff). The tablet signs
 * members in by the verifiers of its next config download; until then nobody can sign in on it.
 */
export const withoutStaffPins = (state: DeviceState): DeviceState => ({
  ...state,
  config: staffWithoutPins(state.config),
  configTemp: staffWithoutPins(state.configTemp),
  cachedStaff: (state.cachedStaff as StoredMember[]).map(withoutPin),
});

/**
 * Each version's step runs once, in order, for a database older than it; a later version adds its
 * step below and never edits an earlier one, so a tablet that skipped releases still ends up current.
 */
export function upgradeDeviceDb(
  db: IDBPDatabase<DeviceDb>,
  oldVersion: number,
  transaction: IDBPTransaction<DeviceDb, 'device'[], 'versionchange'>,
): void {
  if (oldVersion < 1) db.createObjectStore('device');
  if (oldVersion >= 1 && oldVersion < 2) {
    const store = transaction.objectStore('device');
    // Only IndexedDB requests are awaited, so the upgrade's transaction stays open until the put.
    void store.get('state').then((state) => state && store.put(withoutStaffPins(state), 'state'));
  }
}

export const openDeviceDb = (name = DEVICE_DB_NAME): Promise<IDBPDatabase<DeviceDb>> =>
  openDB<DeviceDb>(name, DEVICE_DB_VERSION, {
    upgrade: (db, oldVersion, _newVersion, transaction) => upgradeDeviceDb(db, oldVersion, transaction),
  });

export async function readDeviceState(db: IDBPDatabase<DeviceDb>): Promise<DeviceState | undefined> {
  const state = await db.get('device', 'state');
  return state && { ...state, configEtag: state.configEtag ?? null };
}

export async function writeDeviceState(db: IDBPDatabase<DeviceDb>, state: DeviceState): Promise<void> {
  await db.put('device', state, 'state');
}
