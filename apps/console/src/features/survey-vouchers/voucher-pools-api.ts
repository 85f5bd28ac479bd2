import { api } from '../../platform/api';

export interface VoucherPool {
  voucherId: number;
  name: string;
  type: number;
  unused: number;
  used: number;
  withdrawn: number;
}

/** A survey's voucher code pools (O15.30–O15.33): counts, and an import of a file's codes. */
export const voucherPoolsApi = {
  list: (surveyId: number) => api.get<{ items: VoucherPool[] }>(`/surveys/${surveyId}/vouchers`),
  addCodes: (surveyId: number, voucherId: number, text: string) =>
    api.post<{ added: number; skipped: string[] }>(`/surveys/${surveyId}/vouchers/${voucherId}/codes`, {
      text,
    }),
};
