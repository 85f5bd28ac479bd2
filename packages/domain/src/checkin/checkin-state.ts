/**
 * The check-in state of guest-flow.md §3 and its resets (§4 Check-in data reset, transaction fetch
 * reset), the PIN result default (§8) and which branch a slug's check-in starts with (§8).
 */
import { AuthType } from '../enums';
import { type PinResult, pinResultOrDefault } from '../messages';
import type { Branch } from '../schemas/branch';
import type { GuestStaffMember } from '../schemas/staff';
import type { Voucher } from '../schemas/survey';
import type { PinLookup, Transaction } from '../schemas/transaction';
import { SlugError } from './address';
import { isFlagOn, type UrlParams } from './url-params';
import { localDateTimeAt, resolveVisitDateTime } from './visit-time';

/** What the EPOS lookups found (G3 eposData). */
export interface EposData {
  pin: PinLookup | null;
  transaction: Transaction | null;
  branch: Branch | null;
  pveQueueId: string | null;
}

/** The guest's check-in (G3 Check-in state). */
export interface CheckinState {
  /** The slug's branches from survey.branch; choosing a venue narrows it to the chosen one. */
  branches: Branch[];
  visitDetails: { datetime: string | null };
  eposData: EposData;
  transactionRef: string | null;
  urlParams: UrlParams;
  tableNumber: string | null;
  nonAppStaff: GuestStaffMember[];
  voucher: (Voucher & { scratched: boolean }) | null;
  fetchedSlug: string | null;
  /** Makes the create submit idempotent; made outside the domain (crypto.randomUUID) and passed in. */
  guid: string;
  /** `YYYY-MM-DD HH:mm:ss` when the check-in began. */
  startTime: string;
}

/** What a new check-in starts from. */
export interface CheckinStart {
  guid: string;
  now: Date;
  timeZone?: string;
  urlParams?: UrlParams;
  slug?: string | null;
}

/**
 * zod's `z.uuid()` pattern (RFC 9562: version 1-8, variant 10xx, or the nil and max UUIDs), written out
 * so the first guest screen, which creates this state, does not need zod (decision 0078). A test
 * checks it agrees with `z.uuid()`.
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** A fresh check-in: nothing found yet, the given guid, startTime from `now`. Throws on a non-UUID guid. */
export const newCheckinState = (start: CheckinStart): CheckinState => {
  if (!UUID_PATTERN.test(start.guid)) throw new TypeError(`guid must be a UUID, got "${start.guid}"`);
  const urlParams = start.urlParams ?? {};
  return {
    branches: [],
    visitDetails: { datetime: null },
    eposData: { pin: null, transaction: null, branch: null, pveQueueId: urlParams.pveQueueId ?? null },
    transactionRef: null,
    urlParams,
    tableNumber: null,
    nonAppStaff: [],
    voucher: null,
    fetchedSlug: start.slug ?? urlParams.slug ?? null,
    guid: start.guid,
    startTime: localDateTimeAt(start.now, start.timeZone),
  };
};

/** The stores reset at each setup (G4); the web refetches its config too, a device keeps its download. */
export const SETUP_RESET_SLICES = [
  'answers',
  'errors',
  'checkin',
  'products',
  'questions',
  'responses',
  'theme',
] as const;
export type ResetSlice = (typeof SETUP_RESET_SLICES)[number] | 'config';

/** Which stores a setup resets in a mode (G4). */
export const setupResetSlices = (mode: AuthType): readonly ResetSlice[] =>
  mode === AuthType.WEB ? [...SETUP_RESET_SLICES, 'config'] : SETUP_RESET_SLICES;

/**
 * Check-in before a transaction fetch (G4): with an error already present, what earlier lookups found
 * is cleared so none of it outlives the failure; the lookup's inputs (parameters, slug, table number,
 * PVE queue) and the visit's identity (guid, startTime) stay, or the retry would be another response.
 */
export const checkinForTransactionFetch = (state: CheckinState, errorPresent: boolean): CheckinState =>
  errorPresent
    ? {
        ...state,
        eposData: { pin: null, transaction: null, branch: null, pveQueueId: state.eposData.pveQueueId },
        transactionRef: null,
      }
    : state;

/** A PIN or table-number lookup's outcome: found, or one of the G8 results. */
export type PinOutcome = { ok: true; lookup: PinLookup } | { ok: false; result: PinResult };

/** Reads a lookup (G8): valid data without an error is found; anything else, even nothing, fails, by default INVALID-PIN. */
export const pinLookupOutcome = (lookup: PinLookup | null | undefined): PinOutcome =>
  lookup?.validData === true && lookup.error === null
    ? { ok: true, lookup }
    : { ok: false, result: pinResultOrDefault(lookup?.error) };

/** The branch a slug's check-in starts with: found, none yet (find_venue), or badSlug. */
export type BranchChoice = { ok: true; branch: Branch | null } | { ok: false; error: SlugError };

/**
 * Picks the branch from the slug's branches (G8): a branchId parameter must name one of them; without
 * one a single branch is taken (there is nothing to find); several leave the choice to find_venue;
 * none means the slug has no venue, badSlug.
 */
export const branchForSlug = (branches: readonly Branch[], branchId?: string): BranchChoice => {
  if (branches.length === 0) return { ok: false, error: SlugError.BAD_SLUG };
  if (branchId !== undefined) {
    const match = branches.find((branch) => String(branch.id) === branchId.trim());
    return match ? { ok: true, branch: match } : { ok: false, error: SlugError.BAD_SLUG };
  }
  return { ok: true, branch: branches.length === 1 ? (branches[0] ?? null) : null };
};

/** The branch the check-in holds: the one the lookup found, else the one picked for the slug. */
export const storedBranch = (state: CheckinState): Branch | null =>
  state.eposData.branch ?? (state.branches.length === 1 ? (state.branches[0] ?? null) : null);

/**
 * The check-in's visit date-time (G4): the guest's entry, else the lookup's, else the dateTime
 * parameter, read with resolveVisitDateTime and the noVisit and inBranch flags.
 */
export const checkinVisitDateTime = (
  state: CheckinState,
  averageServiceTime: number,
  now: Date,
  timeZone?: string,
): string | null =>
  resolveVisitDateTime(
    {
      dateTime: state.visitDetails.datetime ?? state.eposData.pin?.dateTime ?? state.urlParams.dateTime,
      noVisit: isFlagOn(state.urlParams.noVisit),
      inBranch: isFlagOn(state.urlParams.inBranch),
      averageServiceTime,
    },
    now,
    timeZone,
  );
