/** Register-device form of device-mode.md §5 (D5.1–D5.7). */
import { z } from 'zod';
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
  alphaDash,
  alphaNumLower,
  firstError,
  matches,
  maxChars,
  minChars,
  numeric,
  required,
} from './shared';
import { collectErrors, type FieldErrors } from './types';
import { addFieldIssues, textInput } from './zod';

/** register: a new device; update: an already registered device changes only its settings passcode. */
export const RegistrationMode = { REGISTER: 'register', UPDATE: 'update' } as const;
export type RegistrationMode = (typeof RegistrationMode)[keyof typeof RegistrationMode];

export type RegistrationField =
  | 'companyKey'
  | 'branchId'
  | 'deviceId'
  | 'passcode'
  | 'settingsPasscode'
  | 'settingsPasscodeConfirm';
export type RegistrationInput = Partial<Record<RegistrationField, string>>;
export type RegistrationValues = Record<RegistrationField, string>;
export type SettingsPasscodeValues = Pick<RegistrationValues, 'settingsPasscode' | 'settingsPasscodeConfirm'>;

/** Fills missing fields with '' and trims the two fields the spec trims (branchId, deviceId). */
export const normaliseRegistration = (values: RegistrationInput): RegistrationValues => ({
  companyKey: values.companyKey ?? '',
  branchId: (values.branchId ?? '').trim(),
  deviceId: (values.deviceId ?? '').trim(),
  passcode: values.passcode ?? '',
  settingsPasscode: values.settingsPasscode ?? '',
  settingsPasscodeConfirm: values.settingsPasscodeConfirm ?? '',
});

const settingsPasscodeErrors = (v: SettingsPasscodeValues) => ({
  settingsPasscode: firstError(v.settingsPasscode, [
    required,
    numeric,
    minChars(SETTINGS_PASSCODE_MIN),
    maxChars(SETTINGS_PASSCODE_MAX),
  ]),
  settingsPasscodeConfirm: firstError(v.settingsPasscodeConfirm, [required, matches(v.settingsPasscode)]),
});

/** Per-field errors of the register-device form; in update mode only the settings passcode fields count. */
export const validateRegistration = (
  values: RegistrationInput,
  mode: RegistrationMode,
): FieldErrors<RegistrationField> => {
  const v = normaliseRegistration(values);
  if (mode === RegistrationMode.UPDATE) return collectErrors(settingsPasscodeErrors(v));
  return collectErrors({
    companyKey: firstError(v.companyKey, [required, alphaNumLower, maxChars(COMPANY_KEY_MAX)]),
    branchId: firstError(v.branchId, [required, numeric, maxChars(BRANCH_ID_MAX)]),
    deviceId: firstError(v.deviceId, [required, alphaDash, minChars(DEVICE_ID_MIN), maxChars(DEVICE_ID_MAX)]),
    passcode: firstError(v.passcode, [
      required,
      alphaNumLower,
      minChars(DEVICE_PASSCODE_LENGTH),
      maxChars(DEVICE_PASSCODE_LENGTH),
    ]),
    ...settingsPasscodeErrors(v),
  });
};

/** zod schema of the register mode; parses to trimmed values. */
export const registrationSchema = z
  .object({
    companyKey: textInput,
    branchId: textInput,
    deviceId: textInput,
    passcode: textInput,
    settingsPasscode: textInput,
    settingsPasscodeConfirm: textInput,
  })
  .superRefine((values, ctx) => addFieldIssues(ctx, validateRegistration(values, RegistrationMode.REGISTER)))
  .transform((values): RegistrationValues => normaliseRegistration(values));

/** zod schema of the update mode (settings passcode and its confirmation only). */
export const settingsPasscodeSchema = z
  .object({ settingsPasscode: textInput, settingsPasscodeConfirm: textInput })
  .superRefine((values, ctx) => addFieldIssues(ctx, validateRegistration(values, RegistrationMode.UPDATE)))
  .transform(
    (values): SettingsPasscodeValues => ({
      settingsPasscode: values.settingsPasscode ?? '',
      settingsPasscodeConfirm: values.settingsPasscodeConfirm ?? '',
    }),
  );

/** The schema of a mode, for callers that pick it at run time. */
export const registrationSchemaFor = (mode: RegistrationMode) =>
  mode === RegistrationMode.UPDATE ? settingsPasscodeSchema : registrationSchema;
