import type { PinResult } from '@venue-voice/domain';

/** What the guest types: a receipt PIN, or a table number (G2, G5). */
export type LookupKind = 'pin' | 'table';

/**
 * The lookup found the order but a response already rates it: the server answers 409 10031 (decision
 * 0174), which the check-in tells the guest like a lookup result instead of as a server problem.
 */
export const RECEIPT_USED = 'RECEIPT-USED';

/** Why a lookup found no order the guest can use: a G8 result, or the receipt already used. */
export type LookupFailure = PinResult | typeof RECEIPT_USED;

/** i18n key of a failure in the guest's wording (G8: the table set says "table number"). */
export const failureKey = (kind: LookupKind, failure: LookupFailure): string =>
  failure === RECEIPT_USED ? `lookupUsed.${kind}` : `lookupResult.${kind}.${failure}`;
