import type { CompanySettingsInput, ConsoleCompany } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** `GET /company` (the setup calls): the owner's company settings. */
export type Company = ConsoleCompany;

export const companyApi = {
  get: () => api.get<{ company: Company }>('/company').then((data) => data.company),
  save: (change: CompanySettingsInput) => api.patch<{ company: Company }>('/company', change),
  uploadLogo: (file: File) => {
    const body = new FormData();
    body.append('image', file);
    return api.post<{ logoUrl: string; company: Company }>('/company/logo', body);
  },
};
