import type { OperatorRole } from './roles';

// O2: signing in to the console (issue 28 item 2). Pure rules and the constants the server, the console
// and the tests share; the server does the hashing, storing and counting.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** O2.1 A password has at least this many characters (code points, not trimmed)… */
export const PASSWORD_MIN_LENGTH = 12;
/** O2.1 …and at most this many (argon2 hashes any length; a megabyte of password is an attack, not a password). */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordFault = 'operator.passwordTooShort' | 'operator.passwordTooLong';

/** O2.1 Why a new password is refused (its catalogue key), or null when it is acceptable. */
export function passwordFault(password: string): PasswordFault | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'operator.passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'operator.passwordTooLong';
  return null;
}

/** O2.2 A session lasts this long after its last use (sliding)… */
export const SESSION_LIFETIME_MS = 14 * DAY;
/** O2.2 …and its last use is written at most this often, so a busy console is not a write per request. */
export const SESSION_TOUCH_EVERY_MS = MINUTE;

/**
 * O2.2 What a session's use at `now` does: `expired` once its expiry has passed, `fresh` when it was
 * touched within SESSION_TOUCH_EVERY_MS, else its new last use and expiry (now + SESSION_LIFETIME_MS).
 */
export function sessionUse(
  session: { lastSeenAt: Date; expiresAt: Date },
  now: Date,
): 'expired' | 'fresh' | { lastSeenAt: Date; expiresAt: Date } {
  if (now.getTime() >= session.expiresAt.getTime()) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() < SESSION_TOUCH_EVERY_MS) return 'fresh';
  return { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) };
}

/** O2.3 An invitation or reset link works for this long after it was made, once. */
export const LINK_LIFETIME_MS = 24 * HOUR;

export const LINK_PURPOSES = ['invite', 'reset'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** O2.3 Whether a one-time link can still be used at `now`: never used and not expired. */
export function linkUsable(link: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return link.usedAt === null && now.getTime() < link.expiresAt.getTime();
}

/** O2.4 Failed sign-ins allowed per e-mail and per address in any SIGN_IN_WINDOW_MS. */
export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE;

/**
 * O2.4 The counters a failed sign-in counts against: the e-mail as typed (normalised), whatever the
 * address, so a botnet cannot share out guesses at one account; and the address, whatever the e-mail, so
 * one address cannot try many accounts. Another address is not slowed by someone else's failures at
 * another account.
 */
export function signInTargets(email: string, address: string): string[] {
  return [`sign-in:email:${normaliseEmail(email)}`, `sign-in:address:${address}`];
}

/** O2.5 Audit entries are kept for this many days, then deleted by the daily job. */
export const AUDIT_RETENTION_DAYS = 365;

/** O2.5 Entries made before this moment are past keeping at `now`. */
export function auditCutoff(now: Date): Date {
  return new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY);
}

/** O2.6 E-mails are compared trimmed and lower-cased: one person, one operator, however they type it. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export type OwnerChangeFault =
  | 'operator.cannotRemoveSelf'
  | 'operator.cannotChangeOwnRole'
  | 'operator.lastOwner';

/**
 * O2.7 Whether an owner may remove an operator (`change: 'remove'`) or give them `change` as their role:
 * nobody removes themselves or changes their own role (they would lock themselves out mid-task), and a
 * company always keeps an owner. `owners` is how many owners the company has now.
 */
export function ownerChangeFault(
  actorId: number,
  target: { id: number; role: OperatorRole },
  change: 'remove' | OperatorRole,
  owners: number,
): OwnerChangeFault | null {
  if (target.id === actorId) {
    if (change === 'remove') return 'operator.cannotRemoveSelf';
    if (change !== target.role) return 'operator.cannotChangeOwnRole';
    return null;
  }
  const losesOwner = target.role === 'owner' && change !== 'owner';
  return losesOwner && owners <= 1 ? 'operator.lastOwner' : null;
}
