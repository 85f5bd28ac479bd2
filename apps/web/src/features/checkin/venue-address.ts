/**
 * The guest address pattern of G2: the first segment is the survey slug, then either one value (the
 * receipt PIN) or two segments where the first is `pin` or `pve` and the second its value. Query
 * parameters are carried over unchanged.
 */
export const PinType = ['pin', 'pve'] as const;
export type PinType = (typeof PinType)[number];

export interface VenueAddress {
  slug: string;
  pinType?: PinType;
  pin?: string;
  /** The query string as received ('' or starting with '?'), kept for the next steps. */
  search: string;
}

export interface VenueAddressParams {
  slug?: string;
  pin?: string;
  pinType?: string;
  value?: string;
}

/** Reads the route's segments; undefined when they do not follow the pattern (e.g. /slug/xyz/1). */
export function parseVenueAddress(params: VenueAddressParams, search: string): VenueAddress | undefined {
  const slug = params.slug?.trim();
  if (!slug) return undefined;
  if (params.pinType !== undefined || params.value !== undefined) {
    const pinType = PinType.find((type) => type === params.pinType?.toLowerCase());
    const value = params.value?.trim();
    return pinType && value ? { slug, pinType, pin: value, search } : undefined;
  }
  const pin = params.pin?.trim();
  return pin ? { slug, pinType: 'pin', pin, search } : { slug, search };
}
