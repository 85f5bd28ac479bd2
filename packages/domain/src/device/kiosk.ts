/**
 * Two kiosk rules beyond the spec (issue 6 items 7, 8; decisions 0097, 0098): staff sign-in locks after
 * repeated wrong PINs (architecture "Guessable numbers"), and a tablet left alone mid-survey goes back to
 * its start after an idle time, with a countdown a touch cancels.
 */
import { CHECKIN_SEGMENT, RoutePath } from '../checkin/routes';

/** Wrong PINs in a row that lock staff sign-in (D4.58). */
export const STAFF_PIN_MAX_FAILURES = 5;
/** How long sign-in stays locked after the last of those (D4.58, decision 0097). */
export const STAFF_PIN_LOCK_MS = 5 * 60_000;

/** The lock's stored record: wrong PINs since the last success or lock, and when a lock ends (epoch ms). */
export type StaffPinLock = { failures: number; lockedUntil: number | null };
export const NO_STAFF_PIN_LOCK: StaffPinLock = { failures: 0, lockedUntil: null };

/** D4.58: milliseconds until sign-in opens again; 0 when it is open. */
export const staffLockRemaining = (lock: StaffPinLock, now: number): number =>
  lock.lockedUntil === null ? 0 : Math.max(0, lock.lockedUntil - now);

/**
 * D4.58: the lock after a sign-in attempt. Only a PIN that matches nobody (`staff.invalidPin`) counts
 * as a guess: a malformed one cannot match, and an inactive member's PIN is a real PIN. A success
 * clears the count; the 5th wrong PIN in a row locks for STAFF_PIN_LOCK_MS and starts the count again.
 * An attempt while locked changes nothing (the screen refuses it before checking).
 */
export const afterPinAttempt = (
  lock: StaffPinLock,
  outcome: 'ok' | 'invalidPin' | 'other',
  now: number,
): StaffPinLock => {
  if (staffLockRemaining(lock, now) > 0) return lock;
  if (outcome === 'ok') return NO_STAFF_PIN_LOCK;
  if (outcome === 'other') return lock;
  const failures = lock.failures + 1;
  return failures >= STAFF_PIN_MAX_FAILURES
    ? { failures: 0, lockedUntil: now + STAFF_PIN_LOCK_MS }
    : { failures, lockedUntil: null };
};

/** Idle time before a half-finished survey is left (D4.59); staff may choose another. */
export const KIOSK_IDLE_DEFAULT_MS = 3 * 60_000;
export const KIOSK_IDLE_CHOICES_MS = [60_000, 2 * 60_000, 3 * 60_000, 5 * 60_000, 10 * 60_000] as const;
/** The last part of the idle time shows a countdown that a touch cancels (D4.59). */
export const KIOSK_COUNTDOWN_MS = 20_000;

export type IdlePhase =
  | { phase: 'active' }
  | { phase: 'countdown'; secondsLeft: number }
  | { phase: 'expired' };

/** D4.59: where the idle time stands, from the last input (epoch ms). */
export const idlePhase = (lastInputAt: number, now: number, idleMs = KIOSK_IDLE_DEFAULT_MS): IdlePhase => {
  const left = lastInputAt + idleMs - now;
  if (left <= 0) return { phase: 'expired' };
  if (left <= Math.min(KIOSK_COUNTDOWN_MS, idleMs))
    return { phase: 'countdown', secondsLeft: Math.ceil(left / 1000) };
  return { phase: 'active' };
};

/** The guest's screens on a tablet; the staff area, registration and the thank-you are not among them. */
const GUEST_SCREENS: readonly string[] = [
  RoutePath.QUESTIONS,
  RoutePath.UPLOAD,
  RoutePath.CHECKOUT,
  RoutePath.RECOMMEND,
  RoutePath.SHARE,
];

/** What the idle rule needs of the guest's visit. */
export type IdleVisit = { path: string; surveyInProgress: boolean; hasCreatePayload: boolean };

/**
 * D4.60: whether the idle watch runs. Only on a guest's screen (check-in steps included), never on the
 * thank-you, and never on the checkout while its save is in flight (the survey is still in progress
 * there until the queue has it).
 */
export const idleWatchActive = (visit: IdleVisit): boolean => {
  const path = visit.path.toLowerCase();
  const guestScreen = GUEST_SCREENS.includes(path) || path.startsWith(`/${CHECKIN_SEGMENT}/`);
  if (!guestScreen) return false;
  return !(path === RoutePath.CHECKOUT && visit.surveyInProgress);
};

/**
 * D4.61: what idle expiry does with the visit. 'keep': the questions are finished (the create payload
 * is built, so every required answer is in) but not yet saved — it is queued as the guest left it.
 * 'discard': the questions are not finished. 'leave': nothing is in progress (already saved).
 */
export const idleOutcome = (visit: IdleVisit): 'keep' | 'discard' | 'leave' => {
  if (!visit.surveyInProgress) return 'leave';
  return visit.hasCreatePayload ? 'keep' : 'discard';
};

/**
 * How long a tablet's thank-you stays before it returns to the start for the next guest (D4.62, issue 26
 * item 12); staff may choose another in the settings.
 */
export const THANKS_RETURN_DEFAULT_MS = 10_000;
export const THANKS_RETURN_CHOICES_MS = [5_000, 10_000, 20_000, 30_000, 60_000] as const;

/** D4.62: whole seconds until the thank-you returns to the start (rounded up); 0 once it is time. */
export const thanksSecondsLeft = (
  shownAt: number,
  now: number,
  delayMs: number = THANKS_RETURN_DEFAULT_MS,
): number => Math.max(0, Math.ceil((shownAt + delayMs - now) / 1000));
