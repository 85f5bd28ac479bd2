/** The URL parameters a check-in keeps (guest-flow.md §3 "URL params kept", §2 Address pattern). */
import type { VenueAddress } from './address';

/** Every parameter the check-in keeps, in the spec's order; any other is dropped. */
export const URL_PARAM_NAMES = [
  'branchId',
  'dateTime',
  'pin',
  'pve',
  'slug',
  'urlSrc',
  'inBranch',
  'partnerKey',
  'guestRef',
  'txSource',
  'noVisit',
  'account',
  'bookingRef',
  'checkId',
  'locationId',
  'siteId',
  'tableId',
  'api',
  'pveQueueId',
] as const;
export type UrlParamName = (typeof URL_PARAM_NAMES)[number];

/** The kept parameters; each present one holds a single string (urlSrc already joined). */
export type UrlParams = Partial<Record<UrlParamName, string>>;

/** Parameters whose mere presence switches something on, so `?noVisit` with no value counts. */
export const FLAG_PARAMS: readonly UrlParamName[] = ['inBranch', 'noVisit'];
/**
 * D3.17 The longest value a kept parameter may have (urlSrc's joined sources included): longer ones are
 * dropped here, so a create never carries what the server refuses (decision 0188).
 */
export const URL_PARAM_MAX = 256;
/** Separator of repeated urlSrc values. */
export const URL_SRC_SEPARATOR = '|';

const OFF = ['0', 'false', 'no', 'off'];
const CONTROL = /\p{Cc}/u;
const isKept = (name: string): name is UrlParamName => (URL_PARAM_NAMES as readonly string[]).includes(name);

/** A flag parameter is on when present, unless its value says off (0, false, no, off; any case). */
export const isFlagOn = (value: string | null | undefined): boolean =>
  value !== undefined && value !== null && !OFF.includes(value.trim().toLowerCase());

/** Kept parameters and the names that were dropped (so the caller may log them). */
export interface UrlParamReading {
  params: UrlParams;
  ignored: string[];
}

/**
 * Reads a query string into the kept parameters (G3). Names match exactly; values are trimmed; empty
 * values are dropped except for flags; a value with a control character is dropped; a repeated urlSrc
 * is joined with '|' in order; any other repeated parameter keeps its first value.
 */
export const readUrlParams = (search: string): UrlParamReading => {
  const found: UrlParams = {};
  const sources: string[] = [];
  const ignored = new Set<string>();
  for (const [name, rawValue] of new URLSearchParams(search)) {
    if (!isKept(name)) {
      ignored.add(name);
      continue;
    }
    const value = rawValue.trim();
    if (CONTROL.test(value) || value.length > URL_PARAM_MAX) continue;
    if (value === '' && !FLAG_PARAMS.includes(name)) continue;
    if (name === 'urlSrc') sources.push(value);
    else if (found[name] === undefined) found[name] = value;
  }
  // Repeated sources are kept while their joined text fits.
  const fitting = sources.filter(
    (_, i) => sources.slice(0, i + 1).join(URL_SRC_SEPARATOR).length <= URL_PARAM_MAX,
  );
  if (fitting.length > 0) found.urlSrc = fitting.join(URL_SRC_SEPARATOR);
  // Rebuilt in the spec's order, so stored and sent parameters read the same whatever the link's order.
  const params: UrlParams = {};
  for (const name of URL_PARAM_NAMES) {
    const value = found[name];
    if (value !== undefined) params[name] = value;
  }
  return { params, ignored: [...ignored] };
};

/**
 * The kept parameters of a venue address: the query's, then the path's slug and PIN or PVE value,
 * which win over the same names in the query (the path is what the link was built around).
 */
export const urlParamsOfAddress = (address: VenueAddress): UrlParamReading => {
  const reading = readUrlParams(address.search);
  const params: UrlParams = { ...reading.params, slug: address.slug };
  if (address.pinType && address.pin) params[address.pinType] = address.pin;
  return { params, ignored: reading.ignored };
};

/** The query string of kept parameters ('' or starting with '?'), in the spec's order. */
export const urlParamsSearch = (params: UrlParams): string => {
  const query = new URLSearchParams();
  for (const name of URL_PARAM_NAMES) {
    const value = params[name];
    if (value !== undefined) query.set(name, value);
  }
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
};
