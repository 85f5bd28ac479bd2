import { describe, expect, it } from 'vitest';
import { validateRegistration } from '../validation/registration';
import { deviceState, newDevicePasscode, parseHeldResponses } from './devices';

describe('console devices (O3.14–O3.16)', () => {
  it.each([
    [true, true, 'active'],
    [true, false, 'released'],
    [false, true, 'disabled'],
    [false, false, 'disabled'],
  ] as const)('O3.14 enabled %s, registered %s: %s', (enabled, registered, state) => {
    expect(deviceState({ enabled, registered })).toBe(state);
  });

  it.each([
    ['0', 0],
    ['12', 12],
    [' 7 ', 7],
    ['1000000', 1_000_000],
    [['3', '9'], 3],
    ['1000001', null],
    ['-1', null],
    ['1.5', null],
    ['0x10', null],
    ['1e3', null],
    ['', null],
    [undefined, null],
  ] as const)('O3.15 X-Device-Queue %j reads as %j', (header, count) => {
    expect(parseHeldResponses(header)).toBe(count);
  });

  it('O3.16 a new passcode is 5 of a–z and 0–9, drawn by the index source, and passes D5.4', () => {
    const draws = [0, 25, 26, 35, 7];
    const passcode = newDevicePasscode(() => draws.shift() ?? 0);
    expect(passcode).toBe('az09h');
    const errors = validateRegistration(
      {
        companyKey: 'demo',
        branchId: '1',
        deviceId: 'tab-1',
        passcode,
        settingsPasscode: '123',
        settingsPasscodeConfirm: '123',
      },
      'register',
    );
    expect(errors).toEqual({});
    expect(() => newDevicePasscode(() => 99)).toThrow(RangeError);
  });
});
