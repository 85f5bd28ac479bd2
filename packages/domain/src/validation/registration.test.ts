import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BRANCH_ID_MAX,
  COMPANY_KEY_MAX,
  DEVICE_ID_MAX,
  DEVICE_ID_MIN,
  DEVICE_PASSCODE_LENGTH,
  SETTINGS_PASSCODE_MAX,
  SETTINGS_PASSCODE_MIN,
} from '../constants';
import {
  type RegistrationField,
  type RegistrationInput,
  RegistrationMode,
  registrationSchema,
  registrationSchemaFor,
  settingsPasscodeSchema,
  validateRegistration,
} from './registration';
import { fieldErrorsFromIssues } from './zod';

const valid = {
  companyKey: 'demo1',
  branchId: '1',
  deviceId: 'tablet-01_front',
  passcode: 'demo1',
  settingsPasscode: '1234',
  settingsPasscodeConfirm: '1234',
};

/** The error key of one field after changing it (and, for the passcode, its confirmation too). */
const errorOf = (
  field: RegistrationField,
  value: string,
  mode: RegistrationMode = RegistrationMode.REGISTER,
) => {
  const values: RegistrationInput = { ...valid, [field]: value };
  if (field === 'settingsPasscode') values.settingsPasscodeConfirm = value;
  return validateRegistration(values, mode)[field] ?? null;
};

describe('register-device form', () => {
  it('D5.1 D5.2 D5.3 D5.4 D5.5 D5.6 a complete valid form has no errors', () => {
    expect(validateRegistration(valid, RegistrationMode.REGISTER)).toEqual({});
  });

  it.each([
    ['', { key: 'form.required' }],
    ['   ', { key: 'form.required' }],
    ['a'.repeat(COMPANY_KEY_MAX - 1), null],
    ['a'.repeat(COMPANY_KEY_MAX), null],
    ['a'.repeat(COMPANY_KEY_MAX + 1), { key: 'form.maxChars', params: { count: COMPANY_KEY_MAX } }],
    ['Demo', { key: 'form.alphaNumLower' }],
    ['demo-1', { key: 'form.alphaNumLower' }],
    [' demo', { key: 'form.alphaNumLower' }],
  ])('D5.1 companyKey: required, lowercase letters and digits, max 32 (%j)', (value, expected) => {
    expect(errorOf('companyKey', value)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['  ', { key: 'form.required' }],
    ['1'.repeat(BRANCH_ID_MAX - 1), null],
    ['1'.repeat(BRANCH_ID_MAX), null],
    [` ${'1'.repeat(BRANCH_ID_MAX)} `, null],
    ['1'.repeat(BRANCH_ID_MAX + 1), { key: 'form.maxChars', params: { count: BRANCH_ID_MAX } }],
    ['12a', { key: 'form.numeric' }],
    ['-1', { key: 'form.numeric' }],
  ])('D5.2 branchId: required, numeric, max 12, trimmed (%j)', (value, expected) => {
    expect(errorOf('branchId', value)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['   ', { key: 'form.required' }],
    ['a'.repeat(DEVICE_ID_MIN - 1), { key: 'form.minChars', params: { count: DEVICE_ID_MIN } }],
    [` ${'a'.repeat(DEVICE_ID_MIN - 1)} `, { key: 'form.minChars', params: { count: DEVICE_ID_MIN } }],
    ['a'.repeat(DEVICE_ID_MIN), null],
    ['a-_'.padEnd(DEVICE_ID_MIN + 1, 'Z'), null],
    ['a'.repeat(DEVICE_ID_MAX - 1), null],
    ['a'.repeat(DEVICE_ID_MAX), null],
    [`  ${'a'.repeat(DEVICE_ID_MAX)}  `, null],
    ['a'.repeat(DEVICE_ID_MAX + 1), { key: 'form.maxChars', params: { count: DEVICE_ID_MAX } }],
    ['tab let', { key: 'form.alphaDash' }],
    ['tab.let', { key: 'form.alphaDash' }],
  ])('D5.3 deviceId: 3 to 64 letters, digits, dashes, underscores, trimmed (%j)', (value, expected) => {
    expect(errorOf('deviceId', value)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['     ', { key: 'form.required' }],
    [
      'a'.repeat(DEVICE_PASSCODE_LENGTH - 1),
      { key: 'form.minChars', params: { count: DEVICE_PASSCODE_LENGTH } },
    ],
    ['a'.repeat(DEVICE_PASSCODE_LENGTH), null],
    [
      'a'.repeat(DEVICE_PASSCODE_LENGTH + 1),
      { key: 'form.maxChars', params: { count: DEVICE_PASSCODE_LENGTH } },
    ],
    ['Demo1', { key: 'form.alphaNumLower' }],
    ['demo ', { key: 'form.alphaNumLower' }],
  ])('D5.4 passcode: required, lowercase letters and digits, exactly 5 (%j)', (value, expected) => {
    expect(errorOf('passcode', value)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['   ', { key: 'form.required' }],
    [
      '1'.repeat(SETTINGS_PASSCODE_MIN - 1),
      { key: 'form.minChars', params: { count: SETTINGS_PASSCODE_MIN } },
    ],
    ['1'.repeat(SETTINGS_PASSCODE_MIN), null],
    ['1'.repeat(SETTINGS_PASSCODE_MAX), null],
    [
      '1'.repeat(SETTINGS_PASSCODE_MAX + 1),
      { key: 'form.maxChars', params: { count: SETTINGS_PASSCODE_MAX } },
    ],
    ['12a', { key: 'form.numeric' }],
  ])('D5.5 settingsPasscode: required, numeric, 3 to 5 (%j)', (value, expected) => {
    expect(errorOf('settingsPasscode', value)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['  ', { key: 'form.required' }],
    ['1234', null],
    ['1235', { key: 'form.match' }],
    ['1234 ', { key: 'form.match' }],
  ])('D5.6 settingsPasscodeConfirm: required, must match (%j)', (value, expected) => {
    expect(errorOf('settingsPasscodeConfirm', value)).toEqual(expected);
  });

  it('D5.7 update mode checks only the two settings passcode fields', () => {
    const values = { settingsPasscode: '12', settingsPasscodeConfirm: '13' };
    expect(validateRegistration(values, RegistrationMode.UPDATE)).toEqual({
      settingsPasscode: { key: 'form.minChars', params: { count: SETTINGS_PASSCODE_MIN } },
      settingsPasscodeConfirm: { key: 'form.match' },
    });
    expect(
      validateRegistration({ settingsPasscode: '123', settingsPasscodeConfirm: '123' }, 'update'),
    ).toEqual({});
  });

  it('D5.1 D5.2 D5.3 D5.4 D5.5 D5.6 missing fields are reported as required', () => {
    const errors = validateRegistration({}, RegistrationMode.REGISTER);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(valid).sort());
    expect(Object.values(errors).every((e) => e?.key === 'form.required')).toBe(true);
  });
});

describe('register-device zod schemas', () => {
  it('D5.2 D5.3 the register schema parses to trimmed branchId and deviceId only', () => {
    const parsed = registrationSchema.parse({ ...valid, branchId: ' 12 ', deviceId: ' tab-1 ' });
    expect(parsed).toEqual({ ...valid, branchId: '12', deviceId: 'tab-1' });
  });

  it('D5.1 D5.6 the register schema reports the same keys and params as validateRegistration', () => {
    const values = { ...valid, companyKey: 'a'.repeat(COMPANY_KEY_MAX + 1), settingsPasscodeConfirm: 'x' };
    const result = registrationSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual(
      validateRegistration(values, RegistrationMode.REGISTER),
    );
  });

  it('D5.1 a non-text value is reported as missing, not as a zod message', () => {
    const result = registrationSchema.safeParse({ ...valid, companyKey: 42 });
    expect(fieldErrorsFromIssues(result.error?.issues ?? [])).toEqual({
      companyKey: { key: 'form.required' },
    });
  });

  it('D5.7 the update schema ignores the other fields and picks by mode', () => {
    expect(registrationSchemaFor(RegistrationMode.UPDATE)).toBe(settingsPasscodeSchema);
    expect(registrationSchemaFor(RegistrationMode.REGISTER)).toBe(registrationSchema);
    expect(settingsPasscodeSchema.parse({ settingsPasscode: '123', settingsPasscodeConfirm: '123' })).toEqual(
      {
        settingsPasscode: '123',
        settingsPasscodeConfirm: '123',
      },
    );
    expect(settingsPasscodeSchema.safeParse({ settingsPasscode: '123' }).success).toBe(false);
  });

  it('D5.3 property: a deviceId passes exactly when its trimmed form is 3-64 letters, digits, - or _', () => {
    const idChars = fc.constantFrom(...'aZ09-_ .!'.split(''));
    fc.assert(
      fc.property(fc.array(idChars, { maxLength: DEVICE_ID_MAX + 3 }), (chars) => {
        const deviceId = chars.join('');
        const trimmed = deviceId.trim();
        const expected =
          /^[A-Za-z0-9_-]*$/.test(trimmed) &&
          trimmed.length >= DEVICE_ID_MIN &&
          trimmed.length <= DEVICE_ID_MAX;
        expect(errorOf('deviceId', deviceId) === null).toBe(expected);
      }),
    );
  });
});
