import type { StaffMember, Team } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** The member fields the console sends (the tablet's Manage team fields, device-mode.md §3). */
export interface StaffInput {
  displayName: string;
  fullName: string;
  /** A new PIN, or null to remove it; left out, the saved PIN stays (nobody reads a PIN back, decision 0197). */
  pinCode?: string | null;
  weight: number;
  teamId: number;
  status: number;
  hasSettingsAccess: boolean;
}

/** `GET /branches/{id}/staff` (console-contract.md, setup): the branch's members and its teams. */
export interface StaffList {
  items: StaffMember[];
  teams: Team[];
}

export const staffApi = {
  list: (branchId: number) => api.get<StaffList>(`/branches/${branchId}/staff`),
  add: (branchId: number, member: StaffInput) =>
    api.post<{ member: StaffMember }>(`/branches/${branchId}/staff`, member),
  save: (id: number, member: Partial<StaffInput>) =>
    api.patch<{ member: StaffMember }>(`/staff/${id}`, member),
  remove: (id: number) => api.delete<{ id: number }>(`/staff/${id}`),
  uploadPhoto: (id: number, file: File) => {
    const body = new FormData();
    body.append('image', file);
    return api.post<{ member: StaffMember }>(`/staff/${id}/photo`, body);
  },
};
