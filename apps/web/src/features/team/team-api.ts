import type { StaffMemberInput } from '@venue-voice/client';
import type { StaffMember, Team } from '@venue-voice/domain';
import { deviceApi } from '../../platform/device-api';
import { useDevice } from '../../platform/device-session';
import { typedPinOf } from '../../platform/typed-pin';
import { downloadSettings } from '../device';

// The server checks who acts by the PIN the signed-in member typed (decisions 0110, 0197): the tablet
// holds no PIN of its own to send. Without one the server refuses.
const actor = () => ({ staffPin: typedPinOf(useDevice.getState().state.loggedInMember) ?? '' });
const manage = () => deviceApi().manage;

/** The manage.* calls the team screens make, each as the signed-in member. */
export const teamApi = {
  listStaff: (signal?: AbortSignal): Promise<StaffMember[]> => manage().listStaff(actor(), signal),
  listTeams: (signal?: AbortSignal): Promise<Team[]> => manage().listTeams(actor(), signal),
  addStaff: (input: StaffMemberInput) => manage().addStaff(input, actor()),
  updateStaff: (id: number, input: StaffMemberInput) => manage().updateStaff(id, input, actor()),
  setStaffStatus: (id: number, status: number) => manage().setStaffStatus(id, status, actor()),
  deleteStaff: (id: number) => manage().deleteStaff(id, actor()),
};

/**
 * After a change the tablet downloads its settings again, so the cached staff (PIN sign-in, the guest
 * staff question) follows at once; a failure only leaves it to the next poll.
 */
export function refreshDeviceStaff(): void {
  downloadSettings().catch(() => {});
}
