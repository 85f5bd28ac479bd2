import type { StaffMember, Team } from '@venue-voice/domain';
import { type AnswerParser, request, type Transport } from './request';

/** Who acts: the PIN of the member signed in on the tablet, checked by the server (decision 0110). */
export interface ManageActor {
  staffPin: string;
}

/** The member fields add and update send (device-mode.md §3); the server trims and checks them (D5). */
export interface StaffMemberInput {
  displayName: string;
  fullName: string;
  /** A new PIN, or null to remove it; left out, the saved PIN stays (the tablet never knows it, decision 0197). */
  pinCode?: string | null;
  weight: number;
  teamId: number;
  status: number;
  hasSettingsAccess: boolean;
  /** A new photo: the body is sent as multipart with it. */
  image?: Blob;
  /** True removes the saved photo. */
  deleteImage?: boolean;
}

const idAnswer: AnswerParser<{ id: number }> = { schema: (s) => s.idAnswer };

/** JSON, or multipart when a photo goes with it (api.md: "multipart if image"). */
const memberBody = (input: StaffMemberInput): unknown => {
  const { image, ...fields } = input;
  if (!image) return fields;
  // The guest upload's shape (decision 0112): a `json` part with the fields and an `image` part.
  const form = new FormData();
  form.append('json', JSON.stringify(fields));
  form.append('image', image, image instanceof File ? image.name : 'photo.jpg');
  return form;
};

/** The manage.* calls of D7: team management from the tablet, each one naming the acting member's PIN. */
export const manageCalls = (transport: Transport) => ({
  /** Every member of the device's branch (data.staff), inactive ones included. */
  listStaff: (actor: ManageActor, signal?: AbortSignal): Promise<StaffMember[]> =>
    request(transport, {
      call: 'manage.staff.listing',
      headers: actor,
      parse: { schema: (s) => s.staffList },
      signal,
    }).then((data) => data.staff),
  /** One member of the branch (data.staff). */
  getStaff: (id: number, actor: ManageActor, signal?: AbortSignal): Promise<StaffMember> =>
    request(transport, {
      call: 'manage.staff.listing',
      suffix: `/${id}`,
      headers: actor,
      parse: { schema: (s) => s.staffOne },
      signal,
    }).then((data) => data.staff),
  /** Adds a member; answers the new id (data.id). */
  addStaff: (input: StaffMemberInput, actor: ManageActor): Promise<{ id: number }> =>
    request(transport, {
      call: 'manage.staff.add',
      headers: actor,
      body: memberBody(input),
      parse: idAnswer,
    }),
  /** Saves a member's fields; the id is in the path, not the body. */
  updateStaff: (id: number, input: StaffMemberInput, actor: ManageActor): Promise<{ id: number }> =>
    request(transport, {
      call: 'manage.staff.update',
      suffix: `/${id}`,
      headers: actor,
      body: memberBody(input),
      parse: idAnswer,
    }),
  /** The status toggle: sends only id and status (device-mode.md §4). */
  setStaffStatus: (id: number, status: number, actor: ManageActor): Promise<{ id: number }> =>
    request(transport, {
      call: 'manage.staff.update',
      suffix: `/${id}`,
      headers: actor,
      body: { id, status },
      parse: idAnswer,
    }),
  /** Deletes a member (admin only; never oneself). */
  deleteStaff: (id: number, actor: ManageActor): Promise<{ id: number }> =>
    request(transport, { call: 'manage.staff.delete', suffix: `/${id}`, headers: actor, parse: idAnswer }),
  /** Team categories (data.items), the synthetic None (id 0) last. */
  listTeams: (actor: ManageActor, signal?: AbortSignal): Promise<Team[]> =>
    request(transport, {
      call: 'manage.team.listing',
      headers: actor,
      parse: { schema: (s) => s.teams },
      signal,
    }).then((data) => data.items),
});
