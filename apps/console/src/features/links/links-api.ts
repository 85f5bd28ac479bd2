import { api } from '../../platform/api';

/**
 * One survey at one branch (`GET /links`, the links helper's guestLinkItemSchema): its guest link, the link
 * its QR codes hold, and the console API's files of it. With `table`, the links and QR files name it.
 */
export interface GuestLink {
  surveyId: number;
  surveyName: string;
  slug: string;
  branchId: number;
  branchName: string;
  language: string;
  table: number | null;
  url: string;
  scanUrl: string;
  files: { qrSvg: string; qrPng: string; tableCards: string };
}

export const linksApi = {
  list: (branchId: number | null, table: number | null) =>
    api.get<{ items: GuestLink[] }>('/links', { branchId, table }),
};

/** The printable sheet of table cards for a range such as `1-20` (the server reads it, O4.4). */
export const tableCardsUrl = (link: GuestLink, tables: string) =>
  `${link.files.tableCards}?${new URLSearchParams({ tables })}`;

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
