import { api } from '../../platform/api';

/** A branch as the console edits it (console-contract.md, setup). */
export interface Branch {
  id: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
  enableStaffPinCodes: boolean;
  tableEntry: boolean;
  syncSchedule: { when: string; spread: number };
}

export type BranchInput = Omit<Branch, 'id'>;

export const branchesApi = {
  list: () => api.get<{ items: Branch[] }>('/branches'),
  get: (id: number) => api.get<Branch>(`/branches/${id}`),
  add: (branch: Partial<BranchInput> & { name: string }) => api.post<Branch>('/branches', branch),
  save: (id: number, branch: Partial<BranchInput>) => api.patch<Branch>(`/branches/${id}`, branch),
  rotatePasscode: (id: number) => api.post<{ passcode: string }>(`/branches/${id}/passcode`),
};

let zones: string[] | undefined;

/** Every IANA time zone the browser knows, for the branch's time zone picker (read once). */
export const timeZones = (): string[] => {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones;
};
