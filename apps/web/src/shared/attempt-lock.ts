import {
  afterPinAttempt,
  NO_STAFF_PIN_LOCK,
  type StaffPinLock,
  staffLockRemaining,
} from '@venue-voice/domain';
import { useEffect, useState } from 'react';

/**
 * A tablet's lock after wrong tries (D4.58's rule: 5 wrong in a row lock for 5 minutes), kept in local
 * storage so a reload does not lift it: the staff sign-in's and the settings passcode's (issue 26 item
 * 17), each under its own key. Decision 0097.
 */
export type AttemptLock = StaffPinLock;

const isLock = (value: unknown): value is AttemptLock => {
  if (typeof value !== 'object' || value === null) return false;
  const { failures, lockedUntil } = value as Record<string, unknown>;
  return Number.isInteger(failures) && (lockedUntil === null || typeof lockedUntil === 'number');
};

/** The stored lock; an unreadable record counts as no lock rather than stopping staff for good. */
export function readAttemptLock(key: string): AttemptLock {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return isLock(stored) ? stored : NO_STAFF_PIN_LOCK;
  } catch {
    return NO_STAFF_PIN_LOCK;
  }
}

export function writeAttemptLock(key: string, lock: AttemptLock): void {
  try {
    localStorage.setItem(key, JSON.stringify(lock));
  } catch {
    // Storage refused (private mode): the lock holds for this page only.
  }
}

/** 'm:ss' until the lock ends. */
export const lockClock = (ms: number): string => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * The lock under `key` while a prompt is open, read again each second (the stored lock is the truth),
 * and `attempt`, which records a try's outcome and returns the lock after it; a try while locked
 * records nothing and answers null.
 */
export function useAttemptLock(key: string, open: boolean) {
  const [lock, setLock] = useState(() => readAttemptLock(key));
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!open) return;
    const refresh = () => {
      setLock(readAttemptLock(key));
      setNow(Date.now());
    };
    refresh();
    const timer = setInterval(refresh, 1000);
    return () => clearInterval(timer);
  }, [key, open]);
  const attempt = (outcome: 'ok' | 'invalidPin' | 'other'): AttemptLock | null => {
    const at = Date.now();
    const current = readAttemptLock(key);
    setNow(at);
    if (staffLockRemaining(current, at) > 0) {
      setLock(current);
      return null;
    }
    const next = afterPinAttempt(current, outcome, at);
    writeAttemptLock(key, next);
    setLock(next);
    return next;
  };
  return { remaining: staffLockRemaining(lock, now), attempt };
}
