import { describe, expect, it } from 'vitest';
import {
  AUDIT_RETENTION_DAYS,
  auditCutoff,
  LINK_LIFETIME_MS,
  linkUsable,
  normaliseEmail,
  ownerChangeFault,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordFault,
  SESSION_LIFETIME_MS,
  SESSION_TOUCH_EVERY_MS,
  SIGN_IN_FAILURE_LIMIT,
  SIGN_IN_WINDOW_MS,
  sessionUse,
  signInTargets,
} from './auth-rules';

const at = (iso: string) => new Date(iso);
const NOW = at('2025-06-14T18:30:00Z');
const plus = (ms: number) => new Date(NOW.getTime() + ms);

describe('console sign-in rules (O2)', () => {
  it.each([
    ['empty', '', 'operator.passwordTooShort'],
    ['11 characters', 'a'.repeat(PASSWORD_MIN_LENGTH - 1), 'operator.passwordTooShort'],
    ['11 characters and spaces are not trimmed away', ` ${'a'.repeat(10)} `, null],
    ['12 characters', 'a'.repeat(PASSWORD_MIN_LENGTH), null],
    ['12 emoji (code points, not UTF-16 units)', '🔑'.repeat(12), null],
    ['6 emoji are 12 UTF-16 units but 6 characters', '🔑'.repeat(6), 'operator.passwordTooShort'],
    ['256 characters', 'b'.repeat(PASSWORD_MAX_LENGTH), null],
    ['257 characters', 'b'.repeat(PASSWORD_MAX_LENGTH + 1), 'operator.passwordTooLong'],
  ])('O2.1 a password of %s', (_what, password, fault) => {
    expect(passwordFault(password)).toBe(fault);
  });

  it.each([
    [
      'used within the minute',
      { lastSeenAt: plus(-SESSION_TOUCH_EVERY_MS + 1), expiresAt: plus(1000) },
      'fresh',
    ],
    ['at its expiry', { lastSeenAt: plus(-2 * 60_000), expiresAt: NOW }, 'expired'],
    ['after its expiry', { lastSeenAt: plus(-SESSION_LIFETIME_MS), expiresAt: plus(-1) }, 'expired'],
  ] as const)('O2.2 a session %s is %s', (_what, session, outcome) => {
    expect(sessionUse(session, NOW)).toBe(outcome);
  });

  it('O2.2 a session used after a minute slides its expiry 14 days from now', () => {
    const use = sessionUse({ lastSeenAt: plus(-SESSION_TOUCH_EVERY_MS), expiresAt: plus(60_000) }, NOW);
    expect(use).toEqual({ lastSeenAt: NOW, expiresAt: plus(14 * 24 * 3600_000) });
  });

  it.each([
    ['new', { expiresAt: plus(LINK_LIFETIME_MS), usedAt: null }, true],
    ['one millisecond before 24 h', { expiresAt: plus(1), usedAt: null }, true],
    ['at 24 h', { expiresAt: NOW, usedAt: null }, false],
    ['used', { expiresAt: plus(LINK_LIFETIME_MS), usedAt: plus(-5) }, false],
  ])('O2.3 a link %s is usable: %s', (_what, link, usable) => {
    expect(linkUsable(link, NOW)).toBe(usable);
    expect(LINK_LIFETIME_MS).toBe(24 * 3600_000);
  });

  it('O2.4 failures count per e-mail (however typed) and per address: 5 in 15 minutes', () => {
    expect([SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS]).toEqual([5, 15 * 60_000]);
    const a = signInTargets(' Owner@Demo.test ', '10.0.0.1');
    const b = signInTargets('owner@demo.test', '10.0.0.2');
    const c = signInTargets('soho@demo.test', '10.0.0.1');
    expect(a[0]).toBe(b[0]);
    expect(a[1]).not.toBe(b[1]);
    expect(a[1]).toBe(c[1]);
    expect(a[0]).not.toBe(c[0]);
  });

  it('O2.5 audit entries older than a year are past keeping', () => {
    expect(AUDIT_RETENTION_DAYS).toBe(365);
    expect(auditCutoff(at('2026-06-14T18:30:00Z'))).toEqual(at('2025-06-14T18:30:00Z'));
  });

  it.each([
    [' Owner@Demo.TEST', 'owner@demo.test'],
    ['soho@demo.test', 'soho@demo.test'],
  ])('O2.6 %j is compared as %j', (raw, normal) => {
    expect(normaliseEmail(raw)).toBe(normal);
  });

  it.each([
    ['removing oneself', 1, { id: 1, role: 'owner' }, 'remove', 3, 'operator.cannotRemoveSelf'],
    ['changing one’s own role', 1, { id: 1, role: 'owner' }, 'manager', 3, 'operator.cannotChangeOwnRole'],
    ['keeping one’s own role', 1, { id: 1, role: 'owner' }, 'owner', 1, null],
    ['removing the last owner', 1, { id: 2, role: 'owner' }, 'remove', 1, 'operator.lastOwner'],
    ['making the last owner a viewer', 1, { id: 2, role: 'owner' }, 'viewer', 1, 'operator.lastOwner'],
    ['removing one of two owners', 1, { id: 2, role: 'owner' }, 'remove', 2, null],
    ['removing a manager', 1, { id: 3, role: 'manager' }, 'remove', 1, null],
    ['making a manager an owner', 1, { id: 3, role: 'manager' }, 'owner', 1, null],
  ] as const)('O2.7 %s', (_what, actor, target, change, owners, fault) => {
    expect(ownerChangeFault(actor, target, change, owners)).toBe(fault);
  });
});
