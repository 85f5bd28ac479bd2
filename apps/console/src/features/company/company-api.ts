import type { Language } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** `GET /company` (console-contract.md, setup): the owner's company settings. */
export interface Company {
  id: number;
  key: string;
  name: string;
  branding: { logoUrl: string | null; primaryColour: string | null; accentColour: string | null };
  languages: Language[];
  contactRetentionDays: number;
}

/** The privacy notice promises contact details are kept at most 7 days (issue 28). */
export const RETENTION_MAX_DAYS = 7;

/** `PATCH /company`: each part optional; the logo is set by its own call (or removed with null). */
export interface CompanyChange {
  name?: string;
  branding?: { primaryColour?: string | null; accentColour?: string | null; logoUrl?: null };
  languages?: string[];
  contactRetentionDays?: number;
}

export const companyApi = {
  get: () => api.get<{ company: Company }>('/company').then((data) => data.company),
  save: (change: CompanyChange) => api.patch<{ company: Company }>('/company', change),
  uploadLogo: (file: File) => {
    const body = new FormData();
    body.append('image', file);
    return api.post<{ logoUrl: string; company: Company }>('/company/logo', body);
  },
};
