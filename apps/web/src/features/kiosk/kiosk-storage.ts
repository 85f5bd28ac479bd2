import { KIOSK_IDLE_CHOICES_MS, KIOSK_IDLE_DEFAULT_MS, type StaffPinLock } from '@venue-voice/domain';
import { readAttemptLock } from '../../shared/attempt-lock';

/**
 * The kiosk's two small records, in local storage so a reload keeps them: the staff sign-in lock
 * (D4.58: a reload must not lift it) and the idle time staff chose (D4.59). Decision 0097.
 */
export const STAFF_LOCK_KEY = 'venue-voice-staff-pin-lock';
export const KIOSK_IDLE_KEY = 'venue-voice-kiosk-idle-ms';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the value holds for this page only.
  }
};

/** The staff sign-in lock (D4.58), in the shared store of attempt locks (shared/attempt-lock.ts). */
export const readStaffLock = (): StaffPinLock => readAttemptLock(STAFF_LOCK_KEY);

/** The chosen idle time; anything but one of the offered choices is the default. */
export function readIdleMs(): number {
  const stored = Number(read(KIOSK_IDLE_KEY));
  return (KIOSK_IDLE_CHOICES_MS as readonly number[]).includes(stored) ? stored : KIOSK_IDLE_DEFAULT_MS;
}

export const writeIdleMs = (ms: number): void => write(KIOSK_IDLE_KEY, String(ms));
