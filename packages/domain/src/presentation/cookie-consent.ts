import { COOKIE_CONSENT_DAYS } from '../constants';

const DAY_MS = 86_400_000;

/** The guest's stored decision (kept under `COOKIE_CONSENT_STORAGE_KEY`), time in epoch ms. */
export type StoredConsent = { consented: boolean; timestamp: number };
export type ConsentContext = { appMode: boolean; stored: StoredConsent | null; now: number };
export type ConsentValue = 'granted' | 'denied';
/** The consent update sent to the analytics tag (consent mode names). */
export type ConsentUpdate = {
  analytics_storage: ConsentValue;
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
};

/** The record to store when the guest answers the consent modal. */
export const consentDecision = (consented: boolean, now: number): StoredConsent => ({
  consented,
  timestamp: now,
});

/** Reads a stored decision; anything that is not a well-formed decision counts as none. */
export function parseStoredConsent(raw: string | null): StoredConsent | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { consented, timestamp } = value as Record<string, unknown>;
    if (typeof consented !== 'boolean' || typeof timestamp !== 'number' || !Number.isFinite(timestamp)) {
      return null;
    }
    return { consented, timestamp };
  } catch {
    return null;
  }
}

/**
 * G4.70: a stored decision still holds while it is less than 90 days old. A decision dated in the
 * future (a clock set wrong when it was stored) would never expire, so it does not hold either.
 */
export function consentDecisionHolds(stored: StoredConsent | null, now: number): stored is StoredConsent {
  if (stored === null) return false;
  const age = now - stored.timestamp;
  return age >= 0 && age < COOKIE_CONSENT_DAYS * DAY_MS;
}

/** G4.70, G4.71: the consent modal is shown: never in app mode, else when no decision holds. */
export const needsConsentPrompt = ({ appMode, stored, now }: ConsentContext): boolean =>
  !appMode && !consentDecisionHolds(stored, now);

/**
 * G4.71: whether tracking is consented: always in app mode; otherwise only by a decision that holds
 * (an expired one counts as not answered, so nothing is tracked until the guest answers again).
 */
export const isConsented = ({ appMode, stored, now }: ConsentContext): boolean =>
  appMode || (consentDecisionHolds(stored, now) && stored.consented);

/** G4.72: the update of analytics storage, ad storage, user data and personalisation. */
export function consentUpdate(consented: boolean): ConsentUpdate {
  const value: ConsentValue = consented ? 'granted' : 'denied';
  return { analytics_storage: value, ad_storage: value, ad_user_data: value, ad_personalization: value };
}
