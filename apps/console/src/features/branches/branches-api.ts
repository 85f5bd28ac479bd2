import type { BranchSettingsInput, ConsoleBranch } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** A branch as the console shows it (the setup calls' consoleBranchSchema). */
export type Branch = ConsoleBranch;

export const branchesApi = {
  list: () => api.get<{ items: Branch[] }>('/branches'),
  get: (id: number) => api.get<{ branch: Branch }>(`/branches/${id}`).then((data) => data.branch),
  /** A new branch and its device passcode, answered once. */
  add: (branch: BranchSettingsInput) => api.post<{ branch: Branch; passcode: string }>('/branches', branch),
  save: (id: number, branch: BranchSettingsInput) => api.patch<{ branch: Branch }>(`/branches/${id}`, branch),
  rotatePasscode: (id: number) => api.post<{ passcode: string }>(`/branches/${id}/passcode`),
};

let zones: string[] | undefined;

/** Every IANA time zone the browser knows, for the branch's time zone picker (read once). */
export const timeZones = (): string[] => {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones;
};
