import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beginStatusToggle,
  compareMembers,
  guardTeamDelete,
  guardTeamSave,
  type ListedMember,
  removeMember,
  statusToggleBody,
  teamActionEffects,
  teamActionSucceeded,
  teamGridItem,
  teamList,
  teamListEmpty,
  warnOnTeamClose,
} from './team';

const member = (
  id: number,
  displayName: string,
  status: number,
  weight: number,
  manager = false,
): ListedMember => ({
  id,
  displayName,
  status,
  weight,
  hasSettingsAccess: manager,
});
const team = [
  member(1, 'zoe', 1, 50),
  member(2, 'Adam', 0, 90),
  member(3, 'bella', 1, 80),
  member(4, 'Álvaro', 1, 50),
  member(5, 'Anna', 1, 50),
];

describe('manage team', () => {
  it.each([
    ['', [3, 4, 5, 1, 2]],
    ['   ', [3, 4, 5, 1, 2]],
    ['a', [3, 4, 5, 2]],
    ['AN', [5]],
    ['ZOE', [1]],
    ['nobody', []],
  ])('D2.14 searching %j lists %j', (search, ids) => {
    expect(teamList(team, search).map((m) => m.id)).toEqual(ids);
  });

  it('D2.15 the list is sorted by status desc, weight desc, then display name (property: a total order)', () => {
    const arb = fc.array(
      fc.record({
        id: fc.nat(),
        displayName: fc.string({ maxLength: 6 }),
        status: fc.constantFrom(0, 1),
        weight: fc.integer({ min: 0, max: 100 }),
        hasSettingsAccess: fc.boolean(),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(arb, (members) => {
        const sorted = teamList(members, '');
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1] as ListedMember, sorted[i] as ListedMember];
          expect(compareMembers(a, b)).toBeLessThanOrEqual(0);
          expect(a.status > b.status || (a.status === b.status && a.weight >= b.weight)).toBe(true);
        }
        expect(teamList([...members].reverse(), '').map((m) => m.id)).toEqual(sorted.map((m) => m.id));
      }),
    );
  });

  it.each([
    [0, 0, 'noMembers'],
    [3, 0, 'noResults'],
    [3, 2, null],
  ])('D2.14 with %i members and %i shown the empty message is %j', (total, shown, message) => {
    expect(teamListEmpty(total, shown)).toBe(message);
  });

  it('D2.16 managers carry the manager label; the signed-in member is not editable', () => {
    expect(teamGridItem(member(3, 'b', 1, 1, true), 3)).toEqual({
      manager: true,
      active: true,
      editable: false,
    });
    expect(teamGridItem(member(4, 'c', 0, 1), 3)).toEqual({ manager: false, active: false, editable: true });
    expect(teamGridItem(member(4, 'c', 1, 1), null).editable).toBe(true);
  });

  it.each([
    [[{ id: 1, status: 1, hasSettingsAccess: true, hasPin: true }], null],
    [[{ id: 1, status: 0, hasSettingsAccess: true, hasPin: true }], 'team.noSettingsMember'],
    [[{ id: 1, status: 1, hasSettingsAccess: true, hasPin: false }], 'team.noSettingsMember'],
    [[], 'team.noSettingsMember'],
  ])('D2.17 closing with %j warns %j', (members, warning) => {
    expect(warnOnTeamClose(members)).toBe(warning);
  });

  it.each([
    [1, 0],
    [0, 1],
  ])('D4.53 a toggle of status %i sends only id and status %i', (status, next) => {
    expect(statusToggleBody({ id: 8, status, displayName: 'x' } as { id: number; status: number })).toEqual({
      id: 8,
      status: next,
    });
  });

  it('D4.53 only one status toggle is in flight', () => {
    expect(beginStatusToggle(null, 4)).toBe(4);
    expect(beginStatusToggle(4, 5)).toBeNull();
    expect(beginStatusToggle(4, 4)).toBeNull();
  });

  it.each([
    [
      { member: { id: 1 }, mode: 'add' },
      { ok: true, mode: 'add' },
    ],
    [
      { member: { id: 1 }, mode: 'update' },
      { ok: true, mode: 'update' },
    ],
    [
      { member: null, mode: 'add' },
      { ok: false, warning: 'missingMember' },
    ],
    [
      { member: undefined, mode: 'update' },
      { ok: false, warning: 'missingMember' },
    ],
    [
      { member: { id: 1 }, mode: null },
      { ok: false, warning: 'missingMode' },
    ],
    [
      { member: { id: 1 }, mode: 'remove' },
      { ok: false, warning: 'missingMode' },
    ],
  ] as const)('D4.56 saving %j is %j', (input, expected) => {
    expect(guardTeamSave(input as Parameters<typeof guardTeamSave>[0])).toEqual(expected);
  });

  it('D4.56 delete needs the member to exist', () => {
    expect(guardTeamDelete(team, 3)).toBe(true);
    expect(guardTeamDelete(team, 99)).toBe(false);
  });

  it.each<[Parameters<typeof teamActionSucceeded>[0], Parameters<typeof teamActionSucceeded>[1], boolean]>([
    ['add', { callOk: true, returnedId: 10, branchId: 1 }, true],
    ['add', { callOk: true, returnedId: null, branchId: 1 }, false],
    ['add', { callOk: true, branchId: 1 }, false],
    ['add', { callOk: false, returnedId: 10, branchId: 1 }, false],
    ['update', { callOk: true, memberId: 3, branchId: 1 }, true],
    ['update', { callOk: true, memberId: 3, branchId: null }, false],
    ['update', { callOk: true, memberId: null, branchId: 1 }, false],
    ['delete', { callOk: true, memberId: 3, branchId: 1 }, true],
    ['status', { callOk: false, memberId: 3, branchId: 1 }, false],
  ])('D4.57 a %s store action with %j succeeded: %s', (action, input, ok) => {
    expect(teamActionSucceeded(action, input)).toBe(ok);
  });

  it('D4.54 D4.55 after a save: refetch, toast, clear search, close; after a delete: remove locally, toast, close', () => {
    expect(teamActionEffects('add')).toEqual(['refetch', 'toast', 'clearSearch', 'closeForm']);
    expect(teamActionEffects('update')).toEqual(['refetch', 'toast', 'clearSearch', 'closeForm']);
    expect(teamActionEffects('delete')).toEqual(['removeLocally', 'toast', 'closeForm']);
    expect(removeMember(team, 3).map((m) => m.id)).toEqual([1, 2, 4, 5]);
  });
});
