import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TeamMemberStatus } from '../enums';
import {
  type AccessMember,
  applyTeamChange,
  hasSettingsCapableMember,
  keepsSettingsCapableMember,
  takesAwaySettingsAccess,
} from './team-access';

const { ACTIVE, INACTIVE } = TeamMemberStatus;
const manager: AccessMember = { id: 1, status: ACTIVE, hasSettingsAccess: true, hasPin: true };
const waiter: AccessMember = { id: 2, status: ACTIVE, hasSettingsAccess: false, hasPin: true };

describe('settings-capable member', () => {
  it.each([
    ['an active manager with a PIN', [manager], true],
    ['no members', [], false],
    ['an inactive manager', [{ ...manager, status: INACTIVE }], false],
    ['a manager without a PIN', [{ ...manager, hasPin: false }], false],
    ['staff without settings access', [waiter], false],
  ])('D5.17 at least one active member with PIN and settings access: %s', (_, members, expected) => {
    expect(hasSettingsCapableMember(members)).toBe(expected);
  });

  const inactiveManager = { ...manager, status: INACTIVE };
  it.each([
    ['deactivating the only manager', [manager, waiter], { kind: 'status', id: 1, status: INACTIVE }, false],
    ['deleting the only manager', [manager, waiter], { kind: 'delete', id: 1 }, false],
    ['removing the manager’s PIN', [manager], { kind: 'save', member: { ...manager, hasPin: false } }, false],
    [
      'taking away access',
      [manager],
      { kind: 'save', member: { ...manager, hasSettingsAccess: false } },
      false,
    ],
    ['deleting someone else', [manager, waiter], { kind: 'delete', id: 2 }, true],
    ['reactivating the manager', [inactiveManager], { kind: 'status', id: 1, status: ACTIVE }, true],
    [
      'promoting the waiter',
      [inactiveManager, waiter],
      { kind: 'save', member: { ...waiter, hasSettingsAccess: true } },
      true,
    ],
  ] as const)('D5.17 the rule holds after a proposed change: %s', (_, members, change, expected) => {
    expect(keepsSettingsCapableMember<AccessMember>(members, change)).toBe(expected);
  });

  it('D5.17 a save with a new id adds the member; the input list is left alone', () => {
    const members = [waiter];
    const added = { ...manager, id: 9 };
    expect(applyTeamChange(members, { kind: 'save', member: added })).toEqual([waiter, added]);
    expect(members).toEqual([waiter]);
    expect(keepsSettingsCapableMember(members, { kind: 'save', member: added })).toBe(true);
  });

  it('D5.17 property: deleting every capable member always breaks the rule', () => {
    const member = fc.record({
      id: fc.nat(20),
      status: fc.constantFrom(ACTIVE, INACTIVE),
      hasSettingsAccess: fc.boolean(),
      hasPin: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.uniqueArray(member, { selector: (m) => m.id, maxLength: 6 }), (members) => {
        const capable = members.filter((m) => m.status === ACTIVE && m.hasSettingsAccess && m.hasPin);
        let team = members;
        for (const m of capable) team = applyTeamChange(team, { kind: 'delete', id: m.id });
        expect(hasSettingsCapableMember(team)).toBe(false);
        expect(hasSettingsCapableMember(members)).toBe(capable.length > 0);
      }),
    );
  });
});

describe('settings access from the console', () => {
  const { ACTIVE: on, INACTIVE: off } = TeamMemberStatus;
  const boss: AccessMember = { id: 1, status: on, hasSettingsAccess: true, hasPin: true };
  const cook: AccessMember = { id: 2, status: on, hasSettingsAccess: false, hasPin: false };
  it.each([
    ['deactivating the only manager', [boss, cook], { kind: 'status', id: 1, status: off }, true],
    ['deleting the only manager', [boss, cook], { kind: 'delete', id: 1 }, true],
    ['renaming a cook where a manager remains', [boss, cook], { kind: 'save', member: { ...cook } }, false],
    ['saving a cook in a branch with no manager yet', [cook], { kind: 'save', member: { ...cook } }, false],
    ['deleting in a branch with no manager yet', [cook], { kind: 'delete', id: 2 }, false],
    [
      'giving the first manager access',
      [cook],
      { kind: 'save', member: { ...cook, hasSettingsAccess: true, hasPin: true } },
      false,
    ],
  ] as const)('O3.17 (D5.17) %s: takes access away %s', (_name, members, change, takesAway) => {
    expect(takesAwaySettingsAccess(members, change as never)).toBe(takesAway);
  });

  it('O3.17 is D5.17 wherever a member can open settings (the tablet: the acting member is one)', () => {
    const member = fc.record({
      id: fc.integer({ min: 1, max: 6 }),
      status: fc.constantFrom(on, off),
      hasSettingsAccess: fc.boolean(),
      hasPin: fc.boolean(),
    });
    const change = fc.oneof(
      member.map((m) => ({ kind: 'save' as const, member: m })),
      fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 6 }) }),
      fc.record({
        kind: fc.constant('status' as const),
        id: fc.integer({ min: 1, max: 6 }),
        status: fc.constantFrom(on, off),
      }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(member, { selector: (m) => m.id }), change, (members, c) => {
        if (!hasSettingsCapableMember(members)) return;
        expect(takesAwaySettingsAccess(members, c)).toBe(!keepsSettingsCapableMember(members, c));
      }),
    );
  });
});
