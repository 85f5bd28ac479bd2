import { describe, expect, it } from 'vitest';
import { openSettingsFromLogin, signInMember, staffButtonTarget, switchUser } from './staff-access';

const state = { loggedInMember: null as number | null, showSettingsSection: false, other: 'kept' };
const members = [
  { id: 1, pinCode: '1234', status: 1 },
  { id: 2, pinCode: '5678', status: 0 },
];

describe('staff access', () => {
  it.each([
    [{ enableStaffPinCodes: true }, 'pinModal'],
    [{ enableStaffPinCodes: false }, '/staff'],
    [null, '/staff'],
  ])('D2.18 the staff button with branch %j goes to %s', (branch, target) => {
    expect(staffButtonTarget(branch)).toBe(target);
  });

  it.each([[{ enableStaffPinCodes: true }], [{ enableStaffPinCodes: false }], [null]])(
    'D2.18 on /staff itself the staff button with branch %j opens the PIN modal (sign-in)',
    (branch) => {
      expect(staffButtonTarget(branch, true)).toBe('pinModal');
    },
  );

  it('D2.18 settings from the login modal shows the settings section, clears the member, goes to /staff', () => {
    expect(openSettingsFromLogin({ ...state, loggedInMember: 1 })).toEqual({
      state: { ...state, loggedInMember: null, showSettingsSection: true },
      goTo: '/staff',
    });
  });

  it('D4.21 a valid PIN of an active member stores the signed-in member', () => {
    const result = signInMember(state, '1234', members, (m) => m.pinCode === '1234');
    expect(result).toMatchObject({
      ok: true,
      member: { id: 1 },
      state: { loggedInMember: 1, other: 'kept' },
    });
  });

  it.each([
    ['9999', 'staff.invalidPin'],
    ['5678', 'staff.inactive'],
    ['12', 'form.minChars'],
    ['', 'form.required'],
  ])('D4.21 PIN %j fails with %s and leaves the state as it was', (pin, key) => {
    const result = signInMember(state, pin, members, (m) => m.pinCode === pin);
    expect(result.ok).toBe(false);
    expect(result.state).toBe(state);
    if (!result.ok) expect(result.error.key).toBe(key);
  });

  it('D4.21 switch user signs the member out', () => {
    expect(switchUser({ ...state, loggedInMember: 1 })).toEqual(state);
  });
});
