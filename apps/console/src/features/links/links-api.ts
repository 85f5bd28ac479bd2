import { api, apiUrl } from '../../platform/api';

/** One survey's guest link at one branch (`GET /links`, console-contract.md, links). */
export interface GuestLink {
  surveyId: number;
  surveyName: string;
  branchId: number;
  branchName: string;
  url: string;
}

export const linksApi = {
  list: (branchId: number | null) => api.get<{ items: GuestLink[] }>('/links', { branchId }),
};

const base = (link: Pick<GuestLink, 'surveyId' | 'branchId'>) =>
  `/surveys/${link.surveyId}/branches/${link.branchId}`;

/** The QR code's file for the survey at the branch, or for one table of it. */
export const qrUrl = (
  link: Pick<GuestLink, 'surveyId' | 'branchId'>,
  format: 'svg' | 'png',
  table?: number,
) => apiUrl(`${base(link)}/qr.${format}`, { table });

/** The printable sheet of table cards for a range such as `1-20` (or a list `1,4,7`). */
export const tableCardsUrl = (link: Pick<GuestLink, 'surveyId' | 'branchId'>, tables: string) =>
  apiUrl(`${base(link)}/table-cards.pdf`, { tables });

/** A range of tables as typed: `1-20`, `5`, or a list of both (`1-4, 9`); null when not readable. */
export function parseTables(text: string): string | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  for (const part of parts) {
    const match = /^(\d{1,4})(?:\s*-\s*(\d{1,4}))?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    if (from < 1 || to < from) return null;
  }
  return parts.map((part) => part.replace(/\s+/g, '')).join(',');
}
