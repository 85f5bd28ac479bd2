/** Staff button, member PIN sign-in and switch user (device-mode.md §2 Staff button, §4; D2.18, D4.21). */
import { type SignInMember, signInWithPin } from '../validation';
import type { ValidationError } from '../validation/types';

type Access = { loggedInMember: number | null; showSettingsSection: boolean };

/**
 * The staff button opens the PIN modal when the branch enables staff PIN codes, else goes to /staff. On
 * /staff itself going there would do nothing, so it always opens the PIN modal: the way a manager signs
 * in at a branch without staff PIN codes (issue 26 item 15, decision 0180).
 */
export const staffButtonTarget = (
  branch: { enableStaffPinCodes: boolean } | null | undefined,
  onStaffHome = false,
) => (onStaffHome || branch?.enableStaffPinCodes ? ('pinModal' as const) : ('/staff' as const));

/** Settings from the login modal: the settings section shows, no member is signed in, go to /staff. */
export const openSettingsFromLogin = <S extends Access>(state: S): { state: S; goTo: '/staff' } => ({
  state: { ...state, showSettingsSection: true, loggedInMember: null },
  goTo: '/staff',
});

/**
 * Member PIN sign-in (D4.21), reusing the D5.9 rule: a valid PIN of an active member is stored as the
 * signed-in member; an invalid PIN or an inactive member leaves the state as it was, with the error.
 */
export const signInMember = <S extends Access, M extends SignInMember & { id: number }>(
  state: S,
  pin: string,
  members: readonly M[],
  holdsPin: (member: M) => boolean,
): { ok: true; state: S; member: M } | { ok: false; state: S; error: ValidationError } => {
  const result = signInWithPin(pin, members, holdsPin);
  if (!result.ok) return { ok: false, state, error: result.error };
  return { ok: true, state: { ...state, loggedInMember: result.value.id }, member: result.value };
};

/** Switch user: the signed-in member is signed out. */
export const switchUser = <S extends Access>(state: S): S => ({ ...state, loggedInMember: null });
