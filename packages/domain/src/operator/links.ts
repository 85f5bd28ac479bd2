import { z } from 'zod';
import { urlParamsSearch } from '../checkin/url-params';
import { TABLE_NUMBER_MAX_DIGITS } from '../constants';
import { Language } from '../enums';

// O4: the guest links, QR codes and table cards the console hands out. A link is built with the guest
// flow's own parameter names and order (G3, url-params.ts), so what the console prints is what the guest
// app reads: `branchId` picks the branch of the slug (branchForSlug), `tableId` the table (G2.20 lookup).

/** O4.3 What a QR code's link carries as `urlSrc`, so a response says the guest came by a scan. */
export const QR_SOURCE = 'qr';

/** O4.4 The most tables one sheet of cards may hold (50 pages of four). */
export const TABLE_CARDS_MAX = 200;

/** O4.5 Cards per A4 page: four A6 quarters, cut along the middle lines. */
export const TABLE_CARDS_PER_PAGE = 4;

/** The highest table number: TABLE_NUMBER_MAX_DIGITS digits (G5.26: a longer number is no table). */
export const TABLE_NUMBER_MAX = 10 ** TABLE_NUMBER_MAX_DIGITS - 1;

export interface GuestLinkTarget {
  /** The site's origin, without a trailing slash (PUBLIC_URL or the request's). */
  origin: string;
  slug: string;
  branchId: number;
  /** A table number: the link then names the table, as a guest typing it on the table step would. */
  table?: number;
  /** `qr` for the link a QR code holds (O4.3). */
  source?: typeof QR_SOURCE;
}

/**
 * O4.1 The guest link of a survey and branch: `<origin>/<slug>?branchId=<id>`; O4.2 with a table,
 * `&tableId=<n>` too; O4.3 in a QR code, `&urlSrc=qr`. The slug is one path segment, percent-encoded.
 */
export function guestLink({ origin, slug, branchId, table, source }: GuestLinkTarget): string {
  const search = urlParamsSearch({
    branchId: String(branchId),
    ...(table === undefined ? {} : { tableId: String(table) }),
    ...(source === undefined ? {} : { urlSrc: source }),
  });
  return `${origin}/${encodeURIComponent(slug)}${search}`;
}

/** Why a table list cannot be used: the console's catalogue key (a 400 10025 field message). */
export type TablesFault = 'links.tablesInvalid' | 'links.tableOutOfRange' | 'links.tablesTooMany';

/**
 * O4.2 A table number as a link or a card carries it: a whole number from 1 to TABLE_NUMBER_MAX, written
 * without leading zeros (the guest's table lookup reads `007` and `7` alike, G5.26).
 */
export function readTableNumber(text: string): number | TablesFault {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return 'links.tablesInvalid';
  const table = Number(trimmed);
  return table >= 1 && table <= TABLE_NUMBER_MAX ? table : 'links.tableOutOfRange';
}

/**
 * O4.4 The tables of a sheet of cards from `1-20`, `5` or `1-4, 8, 12-14`: whole numbers and ascending
 * ranges, in ascending order, each once; at most TABLE_CARDS_MAX (a range is counted before it is made).
 */
export function readTables(text: string): { ok: true; tables: number[] } | { ok: false; fault: TablesFault } {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => part === '')) return { ok: false, fault: 'links.tablesInvalid' };
  const tables = new Set<number>();
  for (const part of parts) {
    const [from = '', to, ...rest] = part.split('-');
    if (rest.length > 0) return { ok: false, fault: 'links.tablesInvalid' };
    const first = readTableNumber(from);
    const end = to === undefined ? first : readTableNumber(to);
    if (typeof first === 'string') return { ok: false, fault: first };
    if (typeof end === 'string') return { ok: false, fault: end };
    if (end < first) return { ok: false, fault: 'links.tablesInvalid' };
    if (end - first + 1 > TABLE_CARDS_MAX) return { ok: false, fault: 'links.tablesTooMany' };
    for (let table = first; table <= end; table += 1) tables.add(table);
    if (tables.size > TABLE_CARDS_MAX) return { ok: false, fault: 'links.tablesTooMany' };
  }
  return { ok: true, tables: [...tables].sort((a, b) => a - b) };
}

/** O4.5 How many A4 pages a sheet of `cards` table cards takes. */
export const tableCardPages = (cards: number): number => Math.ceil(cards / TABLE_CARDS_PER_PAGE);

/** The words on a table card, in each of the guest app's languages. */
export interface TableCardTexts {
  scan: string;
  /** The label before the number: "Table 12". */
  table: string;
}

/** O4.6 A table card speaks the survey's language (G1: the guest who scans sees the survey in it). */
export const TABLE_CARD_TEXTS: Record<Language, TableCardTexts> = {
  'en-gb': { scan: 'Scan to tell us about your visit', table: 'Table' },
  de: { scan: 'Scannen Sie den Code und erzählen Sie uns von Ihrem Besuch', table: 'Tisch' },
  it: { scan: 'Inquadra il codice e raccontaci la tua visita', table: 'Tavolo' },
  es: { scan: 'Escanea el código y cuéntanos tu visita', table: 'Mesa' },
};

/** O4.6 The card language of a survey's template locale: its language when the guest app has it, else English. */
export function tableCardLanguage(templateLocale: string): Language {
  const locale = templateLocale.trim().toLowerCase();
  const exact = Language.find((language) => language === locale);
  if (exact) return exact;
  const base = locale.split(/[-_]/)[0];
  return Language.find((language) => language.split('-')[0] === base) ?? 'en-gb';
}

/** `GET /console/links`: one survey at one branch, its links, and the console API's files of it. */
export const guestLinkItemSchema = z.object({
  surveyId: z.number().int(),
  surveyName: z.string(),
  slug: z.string(),
  branchId: z.number().int(),
  branchName: z.string(),
  /** The language of its table cards (O4.6: the survey's). */
  language: z.enum(Language),
  /** The table the links name, when one was asked for. */
  table: z.number().int().nullable(),
  /** The link to share or type (O4.1, O4.2). */
  url: z.string(),
  /** The link its QR codes hold (O4.3: with urlSrc=qr). */
  scanUrl: z.string(),
  /** Paths of the console API's files for it: the QR code (with the table, if any) and the table cards (add `?tables=`). */
  files: z.object({ qrSvg: z.string(), qrPng: z.string(), tableCards: z.string() }),
});
export type GuestLinkItem = z.infer<typeof guestLinkItemSchema>;
