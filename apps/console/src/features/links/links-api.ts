import type { GuestLinkItem } from '@venue-voice/domain';
import { api } from '../../platform/api';

/** One survey at one branch (`GET /links`): its links and the console API's files of it (O4.1–O4.3). */
export type GuestLink = GuestLinkItem;

export const linksApi = {
  list: (branchId: number | null, table: number | null) =>
    api.get<{ items: GuestLink[] }>('/links', { branchId, table }),
};

/** The printable sheet of table cards for tables as typed (`1-20`, `1-4, 9`), which the server reads by O4.4. */
export const tableCardsUrl = (link: GuestLink, tables: string) =>
  `${link.files.tableCards}?${new URLSearchParams({ tables: tables.replace(/\s+/g, '') })}`;
