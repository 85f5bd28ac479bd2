import type { Language } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** `GET /company` (console-contract.md, setup): the owner's company settings. */
export interface Company {
  name: string;
  branding: { logoUrl: string | null; primaryColour: string | null; accentColour: string | null };
  languages: Language[];
  contactRetentionDays: number;
}

/** The privacy notice promises contact details are kept at most 7 days (issue 28). */
export const RETENTION_MAX_DAYS = 7;

export const companyApi = {
  get: () => api.get<Company>('/company'),
  save: (company: Partial<Company>) => api.patch<Company>('/company', company),
  uploadLogo: (file: File) => {
    const body = new FormData();
    body.append('image', file);
    return api.post<{ logoUrl: string }>('/company/logo', body);
  },
};
