/**
 * One setup of the guest flow for a venue address (G2, G4.80): download the survey's config and
 * branches, pick the branch the address allows, and, when the link carries a receipt PIN, PVE reference
 * or table, look its transaction up at once so the guest is not asked for it (G2.20).
 */
import {
  type BranchListing,
  branchForSlug,
  type Language,
  PinType,
  pinLookupOutcome,
  type SlugError,
  type TransactionResponse,
  type UrlParams,
  urlParamsOfAddress,
  type VenueAddress,
} from '@venue-voice/domain';
import type { TransactionQuery, WebApi } from '../../platform/api';
import { isReceiptUsed } from '../../platform/api-failure';
import { matchLanguage } from '../../platform/i18n';
import { emptySession, type GuestSession } from '../../shared/session/session-store';
import { visitDateTimeOf } from './checkin-flow';
import { type LookupFailure, RECEIPT_USED } from './receipt-entry/lookup-failure';

/**
 * What a setup found: the session to start from, a failed link lookup to show on the entry step, and
 * the venues it downloaded (the steps that ask for a venue use them instead of asking the server again).
 */
export type SetupResult =
  | {
      kind: 'ready';
      session: GuestSession;
      linkLookupFailure: LookupFailure | null;
      branches: BranchListing[];
      /** G1: the language the survey speaks; its texts must be loaded before its first screen shows. */
      language: Language;
    }
  | { kind: 'notFound'; error: SlugError };

/** The lookup a link asks for: its PIN or PVE reference, else its table; null when it names none. */
export function linkLookupKey(
  params: UrlParams,
): Pick<TransactionQuery, 'pinType' | 'pin' | 'tableId'> | null {
  if (params.pve) return { pinType: PinType.PVE, pin: params.pve };
  if (params.pin) return { pinType: PinType.PIN, pin: params.pin };
  if (params.tableId) return { pinType: PinType.PIN, tableId: params.tableId };
  return null;
}

/** The passing-through parameters of a lookup (G7 survey.transaction query). */
export const lookupExtras = (params: UrlParams): Pick<TransactionQuery, 'checkId' | 'txSource' | 'api'> => ({
  ...(params.checkId ? { checkId: params.checkId } : {}),
  ...(params.txSource ? { txSource: params.txSource } : {}),
  ...(params.api ? { api: params.api } : {}),
});

/**
 * Runs a setup in `language` (the one the page speaks so far). It switches no language itself: the
 * browser does that before the first step shows, and the server's render (entry-server.tsx) renders
 * in the answer's language without changing the page's.
 */
export async function loadSetup(
  api: WebApi,
  address: VenueAddress,
  now: Date,
  language: Language,
): Promise<SetupResult> {
  const { slug } = address;
  const { params: urlParams } = urlParamsOfAddress(address);
  const [config, branches] = await Promise.all([
    api.surveyConfig(slug, language),
    api.surveyBranches(slug, language),
  ]);
  const ready = (session: GuestSession, linkLookupFailure: LookupFailure | null): SetupResult => ({
    kind: 'ready',
    session,
    linkLookupFailure,
    branches,
    language: surveyLanguage,
  });
  const survey = config.surveys?.[0];
  // G1: the survey's own language.
  const surveyLanguage = matchLanguage([survey?.templateLocale]) ?? language;
  let session: GuestSession = { ...emptySession, slug, urlParams, config };
  // No survey: the routing rule (G2.21) sends the guest to /error-404, so nothing else is needed.
  if (!survey) return ready(session, null);

  const branch = branchForSlug(branches, urlParams.branchId);
  if (!branch.ok) return { kind: 'notFound', error: branch.error };
  session = { ...session, branchId: branch.branch?.id ?? null };

  const key = linkLookupKey(urlParams);
  if (!key || !survey.eposEnabled || session.branchId === null) {
    return ready(session, null);
  }
  let found: TransactionResponse;
  try {
    found = await api.surveyTransaction(slug, surveyLanguage, {
      branchId: session.branchId,
      templateId: survey.templateId,
      date: visitDateTimeOf(session, now) ?? 'now',
      ...key,
      ...lookupExtras(urlParams),
    });
  } catch (error) {
    // A link to a receipt already rated (decision 0174): the entry step says so, as for a wrong PIN.
    if (isReceiptUsed(error)) return ready(session, RECEIPT_USED);
    throw error;
  }
  const outcome = pinLookupOutcome(found.pin);
  if (!outcome.ok) return ready(session, outcome.result);
  return ready(
    {
      ...session,
      pin: found.pin,
      transaction: found.transaction,
      transactionRef: found.transactionRef,
      branchId: found.branch?.id ?? session.branchId,
      tableNumber: key.tableId ?? null,
    },
    null,
  );
}
