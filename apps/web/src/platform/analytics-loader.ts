/**
 * Loads the tag manager (Google Tag Manager) that reads the analytics queue. It is loaded only when a
 * container is configured (VITE_GTM_ID) and the guest consented; otherwise no script is added and
 * nothing is sent. The consent default is queued before the loader's first event (G4.72).
 */
import { queueConsentDefault } from './analytics';

const SCRIPT_ID = 'venue-voice-tag-manager';

export interface TagManagerOptions {
  /** The configured container, or null when none is. */
  gtmId: string | null;
  /** Whether tracking is consented (the domain's `isConsented`). */
  consented: boolean;
}

/** Adds the tag manager's script once; returns whether it is (now or already) on the page. */
export function loadTagManager({ gtmId, consented }: TagManagerOptions): boolean {
  if (!gtmId || !consented || typeof document === 'undefined') return false;
  if (document.getElementById(SCRIPT_ID)) return true;
  queueConsentDefault();
  window.dataLayer?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
  return true;
}
