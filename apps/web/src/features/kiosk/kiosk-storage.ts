import {
  KIOSK_IDLE_CHOICES_MS,
  KIOSK_IDLE_DEFAULT_MS,
  type StaffPinLock,
  THANKS_RETURN_CHOICES_MS,
  THANKS_RETURN_DEFAULT_MS,
} from '@venue-voice/domain';
import { readAttemptLock } from '../../shared/attempt-lock';

/**
 * The kiosk's small records, in local storage so a reload keeps them: the staff sign-in lock (D4.58: a
 * reload must not lift it), the idle time staff chose (D4.59) and how long the thank-you stays (D4.62).
 * Decisions 0097, 0098.
 */
export const STAFF_LOCK_KEY = 'venue-voice-staff-pin-lock';
export const KIOSK_IDLE_KEY = 'venue-voice-kiosk-idle-ms';
export const THANKS_RETURN_KEY = 'venue-voice-thanks-return-ms';

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

/** A stored choice; anything but one of the offered choices is the default. */
const readChoice = (key: string, choices: readonly number[], fallback: number): number => {
  const stored = Number(read(key));
  return choices.includes(stored) ? stored : fallback;
};

/** The chosen idle time (D4.59). */
export const readIdleMs = (): number =>
  readChoice(KIOSK_IDLE_KEY, KIOSK_IDLE_CHOICES_MS, KIOSK_IDLE_DEFAULT_MS);
export const writeIdleMs = (ms: number): void => write(KIOSK_IDLE_KEY, String(ms));

/** The chosen time the thank-you stays before the next guest's start (D4.62). */
export const readThanksMs = (): number =>
  readChoice(THANKS_RETURN_KEY, THANKS_RETURN_CHOICES_MS, THANKS_RETURN_DEFAULT_MS);
export const writeThanksMs = (ms: number): void => write(THANKS_RETURN_KEY, String(ms));
