/**
 * The guest's cookie decision in localStorage (`guest-app-cookie-consent`, `{ consented, timestamp }`,
 * guest-flow.md §3, §9), as an external store: every screen and every open tab sees the same decision.
 * When the browser refuses storage (private modes, quota), the decision is kept for this page only,
 * so the banner still closes and the guest is asked again next visit.
 */
import {
  COOKIE_CONSENT_STORAGE_KEY,
  consentDecision,
  parseStoredConsent,
  type StoredConsent,
} from '@venue-voice/domain';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let memory: string | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? memory;
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab answered: this one follows.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COOKIE_CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored decision, or null when there is none or it is not well formed. */
export const readStoredConsent = (): StoredConsent | null => parseStoredConsent(readRaw());

/** Stores the guest's answer, dated `now` (epoch ms), and returns what was stored. */
export function storeConsent(consented: boolean, now: number): StoredConsent {
  const decision = consentDecision(consented, now);
  const raw = JSON.stringify(decision);
  try {
    window.localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, raw);
    memory = null;
  } catch {
    // Answered for this page only.
    memory = raw;
  }
  for (const listener of listeners) listener();
  return decision;
}

/** The stored decision, re-read when it changes here or in another tab. */
export function useStoredConsent(): StoredConsent | null {
  // The raw string is the snapshot: a primitive, so React compares it by value.
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return parseStoredConsent(raw);
}
