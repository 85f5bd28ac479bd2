/**
 * The registered tablet's state (device-mode §3, §4): the domain's DeviceState in a zustand store,
 * loaded from and saved to IndexedDB. It lives in platform so the app-mode API client (also platform)
 * can read the credentials and reset on a 401 without importing a feature.
 */
import {
  type DeviceState,
  initialDeviceState,
  resetDeviceState,
  type StaffMember,
} from '@venue-voice/domain';
import type { IDBPDatabase } from 'idb';
import { create } from 'zustand';
import { type DeviceDb, openDeviceDb, readDeviceState, writeDeviceState } from './device-db';
import { logError } from './log';

interface DeviceStore {
  state: DeviceState;
  /** False until the stored state has been read; app-mode decisions wait for it. */
  hydrated: boolean;
  /** Applies a pure change of the domain (completeRegistration, applyConfigTemp…) and saves it. */
  change(next: (state: DeviceState) => DeviceState): void;
}

/**
 * A v4 uuid. Browsers without crypto.randomUUID still run the guest flow (decision 0071), and this
 * module is in the main bundle, so it must not throw there; such a browser cannot register anyway.
 */
export function newDeviceUuid(
  source: Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>> = globalThis.crypto ?? {},
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID.call(globalThis.crypto);
  const bytes = new Uint8Array(16);
  if (typeof source.getRandomValues === 'function') source.getRandomValues.call(globalThis.crypto, bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const online = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

export const useDevice = create<DeviceStore>()((set) => ({
  state: initialDeviceState(newDeviceUuid(), online()),
  hydrated: false,
  change: (next) => set(({ state }) => ({ state: next(state) })),
}));

let database: Promise<IDBPDatabase<DeviceDb>> | null = null;
let unsubscribe: (() => void) | null = null;

/**
 * Reads the stored device once and from then on saves every change. A device seen for the first time
 * keeps the uuid made for it here, for good (a reset keeps it too, D4.1).
 */
export async function hydrateDevice(name?: string): Promise<void> {
  if (useDevice.getState().hydrated) return;
  database ??= openDeviceDb(name);
  const db = await database;
  const stored = await readDeviceState(db);
  const state = stored
    ? { ...stored, hasConnectivity: online(), apiInProgress: false }
    : useDevice.getState().state;
  if (!stored) await writeDeviceState(db, state);
  useDevice.setState({ state, hydrated: true });
  unsubscribe?.();
  unsubscribe = useDevice.subscribe((now, before) => {
    if (now.state === before.state) return;
    writeDeviceState(db, now.state).catch((error: unknown) => logError('device state not saved', { error }));
  });
}

/** Tests: forget the open database so the next hydrate reads a fresh one. */
export async function closeDeviceSession(): Promise<void> {
  unsubscribe?.();
  unsubscribe = null;
  if (database) (await database).close();
  database = null;
  useDevice.setState({ state: initialDeviceState(newDeviceUuid(), online()), hydrated: false });
}

/** App mode: a registered device holding a token (anything else is a guest's browser). */
export const isAppMode = (state: DeviceState = useDevice.getState().state): boolean =>
  state.registered && state.token !== null;

export interface DeviceCredentials {
  companyKey: string;
  branchId: number;
  deviceId: string;
  token: string;
}

/** The credentials of app-mode calls, or null when the device is not registered. */
export function deviceCredentials(state: DeviceState = useDevice.getState().state): DeviceCredentials | null {
  if (!isAppMode(state) || state.branchId === null || state.token === null) return null;
  return {
    companyKey: state.companyKey,
    branchId: state.branchId,
    deviceId: state.deviceId,
    token: state.token,
  };
}

/** D4.1: back to an unregistered device, keeping connectivity and the uuid. */
export const resetDevice = (): void => useDevice.getState().change(resetDeviceState);

/** Set when the server reset the device (a 401: disabled or released), until /register has said so. */
let resetByServer = false;

/** D4.1 after a 401 that speaks of the device: reset it, and have /register tell staff why (D8). */
export function resetDeviceByServer(): void {
  resetByServer = true;
  resetDevice();
}

/** True once after the server reset the device: the register screen shows the reason then. */
export function takeServerResetNotice(): boolean {
  const was = resetByServer;
  resetByServer = false;
  return was;
}

/** The member signed in on the tablet, from the device's cached staff (null when nobody is). */
export function signedInMember(state: DeviceState): StaffMember | null {
  if (state.loggedInMember === null) return null;
  const staff = state.config?.staff ?? state.cachedStaff;
  return staff.find((member) => member.id === state.loggedInMember) ?? null;
}
