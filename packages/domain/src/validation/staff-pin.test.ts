import { describe, expect, it } from 'vitest';
import { STAFF_PIN_MAX, STAFF_PIN_MIN } from '../constants';
import { TeamMemberStatus } from '../enums';
import { signInWithPin, staffPinSchema, validateStaffPin } from './staff-pin';
import { fieldErrorsFromIssues } from './zod';

describe('staff PIN sign-in', () => {
  it.each([
    ['', { key: 'form.required' }],
    ['   ', { key: 'form.required' }],
    ['1'.repeat(STAFF_PIN_MIN - 1), { key: 'form.minChars', params: { count: STAFF_PIN_MIN } }],
    ['1'.repeat(STAFF_PIN_MIN), null],
    ['1'.repeat(STAFF_PIN_MAX), null],
    ['1'.repeat(STAFF_PIN_MAX + 1), { key: 'form.maxChars', params: { count: STAFF_PIN_MAX } }],
    ['12a4', { key: 'form.numeric' }],
    [' 1234', { key: 'form.numeric' }],
  ])('D5.8 staff PIN: required, numeric, 3 to 5 digits (%j)', (pin, expected) => {
    expect(validateStaffPin(pin)).toEqual(expected);
  });

  it('D5.8 the staff PIN schema gives the same errors', () => {
    expect(staffPinSchema.parse('1111')).toBe('1111');
    const result = staffPinSchema.safeParse('11');
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({
      '': { key: 'form.minChars', params: { count: STAFF_PIN_MIN } },
    });
  });

  // The tablet's holdsPin compares verifiers (decision 0197); here a member's known PIN stands in for it.
  const holds =
    (pin: string) =>
    (member: { pinCode: string | null }): boolean =>
      member.pinCode === pin;
  const team = [
    { id: 1, pinCode: '1111', status: TeamMemberStatus.ACTIVE },
    { id: 2, pinCode: null, status: TeamMemberStatus.ACTIVE },
    { id: 3, pinCode: '3333', status: TeamMemberStatus.INACTIVE },
  ];

  it.each([
    ['1111', { ok: true, value: team[0] }],
    ['3333', { ok: false, error: { key: 'staff.inactive' } }],
    ['4444', { ok: false, error: { key: 'staff.invalidPin' } }],
    ['11', { ok: false, error: { key: 'form.minChars', params: { count: STAFF_PIN_MIN } } }],
  ])('D5.9 only status 1 members sign in (%j)', (pin, expected) => {
    expect(signInWithPin(pin, team, holds(pin))).toEqual(expected);
  });

  it('D5.8 a malformed PIN is refused before any member is asked', () => {
    let asked = 0;
    const result = signInWithPin('12a', team, () => {
      asked += 1;
      return true;
    });
    expect(result).toEqual({ ok: false, error: { key: 'form.numeric' } });
    expect(asked).toBe(0);
  });

  it('D5.9 an active holder wins over an inactive one with the same PIN', () => {
    const duplicate = [
      { id: 1, pinCode: '5555', status: TeamMemberStatus.INACTIVE },
      { id: 2, pinCode: '5555', status: TeamMemberStatus.ACTIVE },
    ];
    expect(signInWithPin('5555', duplicate, holds('5555'))).toEqual({ ok: true, value: duplicate[1] });
  });
});
