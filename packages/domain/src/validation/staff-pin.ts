/** Staff PIN sign-in of device-mode.md §5 and §4 "Member PIN sign-in" (D5.8, D5.9). */
import { STAFF_PIN_MAX, STAFF_PIN_MIN } from '../constants';
import { TeamMemberStatus } from '../enums';
import { firstError, maxChars, minChars, numeric, required } from './shared';
import { invalid, type Result, type ValidationError } from './types';
import { fieldSchema } from './zod';

/** The member field sign-in needs; whether a member holds the PIN is the caller's `holdsPin`. */
export type SignInMember = { status: number };

/** Staff PIN field: required, digits only, STAFF_PIN_MIN to STAFF_PIN_MAX digits. */
export const validateStaffPin = (pin: string): ValidationError | null =>
  firstError(pin, [required, numeric, minChars(STAFF_PIN_MIN), maxChars(STAFF_PIN_MAX)]);

/** zod schema of the one-field staff sign-in form. */
export const staffPinSchema = fieldSchema(validateStaffPin);

/**
 * Finds the member a PIN signs in: only active (status 1) members are accepted. `holdsPin` says whether a
 * member's PIN is the typed one (the tablet checks it against the member's verifier, decision 0197).
 */
export const signInWithPin = <M extends SignInMember>(
  pin: string,
  members: readonly M[],
  holdsPin: (member: M) => boolean,
): Result<M> => {
  const formatError = validateStaffPin(pin);
  if (formatError) return { ok: false, error: formatError };
  const withPin = members.filter(holdsPin);
  // PINs are unique (D5.12), but prefer an active holder should old data still hold a duplicate.
  const active = withPin.find((member) => member.status === TeamMemberStatus.ACTIVE);
  if (active) return { ok: true, value: active };
  return { ok: false, error: invalid(withPin.length > 0 ? 'staff.inactive' : 'staff.invalidPin') };
};
