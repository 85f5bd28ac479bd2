/** The guest address pattern and the slug errors (guest-flow.md §2 Address pattern, §5 Slug, §8). */
import { PinType } from '../enums';
import type { MessageKey } from '../messages';
import { isReservedSegment } from './routes';

/** Why there is no survey to show: no slug at all, or one that cannot be used. */
export const SlugError = { NO_SLUG: 'noSlug', BAD_SLUG: 'badSlug' } as const;
export type SlugError = (typeof SlugError)[keyof typeof SlugError];

/** Each slug error's catalogue key and the line logged before the hard redirect to /error-404 (G8). */
export const SLUG_ERRORS: Record<SlugError, { key: MessageKey; log: string }> = {
  noSlug: { key: 'slug.noSlug', log: 'No survey tag passed' },
  badSlug: { key: 'slug.badSlug', log: 'Bad survey tag used' },
};

/** A venue address: the slug, an optional receipt PIN or PVE reference, and the query as received. */
export interface VenueAddress {
  slug: string;
  pinType?: PinType;
  pin?: string;
  /** The query string as received ('' or starting with '?'), carried over to the next steps. */
  search: string;
}

/** What an address names: a venue, one of the app's own screens, or nothing usable. */
export type AddressReading =
  | { kind: 'venue'; address: VenueAddress }
  | { kind: 'route'; segment: string }
  | { kind: 'error'; error: SlugError };

const PIN_TYPES: readonly string[] = Object.values(PinType);
// A control character in an address is never typed by a guest; the server refuses it too.
const CONTROL = /\p{Cc}/u;

const bad: AddressReading = { kind: 'error', error: SlugError.BAD_SLUG };
const normaliseSearch = (search: string): string =>
  search === '' || search.startsWith('?') ? search : `?${search}`;

/**
 * Reads already-decoded path segments: `[slug]`, `[slug, pin]` or `[slug, pin|pve, value]` (G2).
 * A blank slug is noSlug; a reserved first segment is a screen; anything else off the pattern is badSlug.
 */
export const readVenueSegments = (segments: readonly string[], search: string): AddressReading => {
  const [first = '', ...rest] = segments.map((segment) => segment.trim());
  if (first === '') return { kind: 'error', error: SlugError.NO_SLUG };
  if (isReservedSegment(first)) return { kind: 'route', segment: first.toLowerCase() };
  if (segments.some((segment) => CONTROL.test(segment)) || rest.length > 2) return bad;
  const base = { slug: first, search: normaliseSearch(search) };
  if (rest.length === 0) return { kind: 'venue', address: base };
  if (rest.length === 1) {
    const [value = ''] = rest;
    // A blank lone value is a trailing slash; a lone pin/pve keyword is a two-part address cut short.
    if (value === '') return { kind: 'venue', address: base };
    if (PIN_TYPES.includes(value.toLowerCase())) return bad;
    return { kind: 'venue', address: { ...base, pinType: PinType.PIN, pin: value } };
  }
  const [type = '', value = ''] = rest;
  const pinType = PIN_TYPES.find((known) => known === type.toLowerCase()) as PinType | undefined;
  if (!pinType || value === '') return bad;
  return { kind: 'venue', address: { ...base, pinType, pin: value } };
};

/** Reads a URL path (`/demo/pve/777`): empty segments are dropped, each is percent-decoded (G2). */
export const readAddress = (pathname: string, search: string): AddressReading => {
  const raw = pathname.split('/').filter((segment) => segment !== '');
  const segments: string[] = [];
  for (const segment of raw) {
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return bad; // malformed percent-encoding
    }
  }
  return readVenueSegments(segments, search);
};
