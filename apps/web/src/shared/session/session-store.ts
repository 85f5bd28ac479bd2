import type {
  CreatePayload,
  PinLookup,
  SubmitResponse,
  Transaction,
  UploadAnswer,
  UrlParams,
  WebConfigResponse,
} from '@venue-voice/domain';
import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The guest's check-in and survey session (guest-flow.md §3 "Check-in state"): what the check-in
 * screens found out and what the questions screen needs. Kept in sessionStorage so a reload on a poor
 * signal does not lose the visit; a new tab starts a new visit.
 */
export interface GuestSession {
  /** The slug config was fetched for (fetchedSlug). */
  slug: string | null;
  /**
   * survey.config's whole answer for that slug (web mode: core, surveys, questions, …), parsed by the
   * domain's schema at the setup (decision 0173); a tablet's is its device config, parsed as well.
   */
  config: WebConfigResponse | null;
  /** The chosen branch id (guest's pick, or the only one, or branchId from the link). */
  branchId: number | null;
  /** Visit date-time `YYYY-MM-DD HH:mm:ss` (visitDetails.datetime). */
  visitDateTime: string | null;
  /** The receipt PIN / table lookup result and its transaction (eposData). */
  pin: PinLookup | null;
  transaction: Transaction | null;
  transactionRef: string | null;
  /**
   * A receipt PIN typed on a tablet while it was offline, not looked up (D3.11): it goes with the survey
   * and the server looks it up when the survey is uploaded.
   */
  receiptPin: string | null;
  tableNumber: string | null;
  urlParams: UrlParams;
  /** The response's idempotency key, made once per visit (crypto.randomUUID). */
  guid: string | null;
  /** `YYYY-MM-DD HH:mm:ss` when the guest started. */
  startTime: string | null;
  /** The survey in progress (templateId); null when none (G4 "Survey in progress"). */
  surveyInProgress: number | null;
  /**
   * The questions screen's survey run, so a reload resumes it. Its shape is versioned and read by
   * features/questions (`storedRun`); opaque here so this store does not depend on that feature.
   */
  surveyRun: unknown;
  /** The create payload built when the questions end, waiting for the submit step. */
  createPayload: CreatePayload | null;
  /**
   * survey.submit's answer to that payload (id, secret, is_ai_valid, voucher), kept so a reload of the
   * thank-you step shows it again instead of sending the survey twice.
   */
  submitted: SubmitResponse | null;
  /**
   * App mode: the create is saved in the tablet's offline queue and was not answered while the guest
   * waited (G2.43); its contact details and photo queue behind it.
   */
  savedOnDevice: boolean;
  /** The checkout's contact details and marketing permission were sent (a reload does not ask again). */
  contactSent: boolean;
  /**
   * The answer a guest who complained sent on the checkout (G4.79, G5.25): may the venue contact them
   * about it. Null until sent; a session stored before this field existed reads undefined, the same.
   */
  complaintContact: boolean | null;
  /** The photo uploaded for that response (survey.upload.upsert's answer), so a reload shows it. */
  photo: UploadAnswer | null;
}

export interface GuestSessionActions {
  update(changes: Partial<GuestSession>): void;
  /** Check-in data is reset at each setup (G4.80–G4.88: which fields, see packages/domain/src/checkin). */
  reset(keep?: Partial<GuestSession>): void;
}

export const emptySession: GuestSession = {
  slug: null,
  config: null,
  branchId: null,
  visitDateTime: null,
  pin: null,
  transaction: null,
  transactionRef: null,
  receiptPin: null,
  tableNumber: null,
  urlParams: {},
  guid: null,
  startTime: null,
  surveyInProgress: null,
  surveyRun: null,
  createPayload: null,
  submitted: null,
  savedOnDevice: false,
  contactSent: false,
  complaintContact: null,
  photo: null,
};

/** Bump when the stored shape changes; an older stored session is dropped (it is only one visit). */
export const SESSION_VERSION = 2;

type SessionState = GuestSession & GuestSessionActions;

/** Where no sessionStorage exists (the server's render): nothing is kept, nothing is warned. */
const NO_STORAGE = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };

const store = createStore<SessionState>()(
  persist(
    (set) => ({
      ...emptySession,
      update: (changes) => set(changes),
      reset: (keep = {}) => set({ ...emptySession, ...keep }),
    }),
    {
      name: 'venue-voice-guest-session',
      version: SESSION_VERSION,
      // A visit stored in an older shape is dropped (it is only one visit), quietly: a new setup follows.
      migrate: () => ({ ...emptySession }) as SessionState,
      storage: createJSONStorage(() => (typeof sessionStorage === 'undefined' ? NO_STORAGE : sessionStorage)),
      partialize: ({ update: _u, reset: _r, ...session }) => session,
    },
  ),
);

/**
 * The session in a component. Unlike zustand's own hook, the server's render and the browser's
 * hydration read the session as it is, not the store's initial (empty) state: both start from the
 * setup the server did (decision 0169), so the first screen renders with its venue on both sides.
 */
function useSessionStore<T = SessionState>(select: (state: SessionState) => T = (state) => state as T): T {
  const snapshot = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}

export const useGuestSession: typeof useSessionStore & typeof store = Object.assign(useSessionStore, store);
