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
  /** The branch's own schedule; null: the company's (the default). */
  syncSchedule: { when: string; spread: number } | null;
  /** When the device passcode was last set; null: never by the console. */
  passcodeSetAt: string | null;
  /** The surveys guests and tablets are served here. */
  surveyIds: number[];
}

export type BranchInput = Omit<Branch, 'id' | 'passcodeSetAt'>;

export const branchesApi = {
  list: () => api.get<{ items: Branch[] }>('/branches'),
  get: (id: number) => api.get<{ branch: Branch }>(`/branches/${id}`).then((data) => data.branch),
  /** A new branch and its device passcode, answered once. */
  add: (branch: Partial<BranchInput> & { name: string }) =>
    api.post<{ branch: Branch; passcode: string }>('/branches', branch),
  save: (id: number, branch: Partial<BranchInput>) =>
    api.patch<{ branch: Branch }>(`/branches/${id}`, branch),
  rotatePasscode: (id: number) => api.post<{ passcode: string }>(`/branches/${id}/passcode`),
};

let zones: string[] | undefined;

/** Every IANA time zone the browser knows, for the branch's time zone picker (read once). */
export const timeZones = (): string[] => {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones;
};
