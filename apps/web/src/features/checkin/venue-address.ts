/**
 * The guest address pattern of G2 (`/:slug`, `/:slug/:pin`, `/:slug/(pin|pve)/:value`) is read by the
 * domain (`readVenueSegments`), so every client and the tests share one reading; this adapter only turns
 * the router's params back into path segments.
 */
import { readVenueSegments, type VenueAddress } from '@venue-voice/domain';

export type { VenueAddress };

export interface VenueAddressParams {
  slug?: string;
  pin?: string;
  pinType?: string;
  value?: string;
}

const segmentsOf = ({ slug = '', pin, pinType, value }: VenueAddressParams): string[] => {
  if (pinType !== undefined || value !== undefined) return [slug, pinType ?? '', value ?? ''];
  return pin !== undefined ? [slug, pin] : [slug];
};

/** Reads the route's segments; undefined when they do not name a venue (no slug, or off the pattern). */
export function parseVenueAddress(params: VenueAddressParams, search: string): VenueAddress | undefined {
  const reading = readVenueSegments(segmentsOf(params), search);
  return reading.kind === 'venue' ? reading.address : undefined;
}
