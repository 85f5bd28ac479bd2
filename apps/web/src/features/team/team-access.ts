import type { DeviceState, StaffMember } from '@venue-voice/domain';

/** The member signed in on the tablet, from the device's cached staff (null when nobody is). */
export function signedInMember(state: DeviceState): StaffMember | null {
  if (state.loggedInMember === null) return null;
  const staff = state.config?.staff ?? state.cachedStaff;
  return staff.find((member) => member.id === state.loggedInMember) ?? null;
}
