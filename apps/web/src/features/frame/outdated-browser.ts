import { TOAST_STICKY } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/toasts';
import { BROWSER_UPGRADE_URL } from './links';

/** What a screen of the app needs from the browser beyond what running the bundle proves. */
export interface BrowserScope {
  crypto?: { randomUUID?: unknown };
  fetch?: unknown;
  AbortController?: unknown;
  sessionStorage?: Pick<Storage, 'setItem' | 'removeItem'>;
}

/** Storage that exists but throws on write (old Safari's private mode) loses the guest's visit. */
function canStore(storage: BrowserScope['sessionStorage']): boolean {
  try {
    storage?.setItem('vv-storage-check', '1');
    storage?.removeItem('vv-storage-check');
    return storage !== undefined;
  } catch {
    return false;
  }
}

/**
 * The features a browser that runs the bundle may still lack (decision 0071): a visit id for the
 * response (crypto.randomUUID), the API calls (fetch, AbortController) and the visit kept across a
 * reload (sessionStorage). Browsers that cannot run the bundle at all are told by public/browser-check.js.
 */
export function missingFeatures(scope: BrowserScope): string[] {
  const missing: string[] = [];
  if (typeof scope.crypto?.randomUUID !== 'function') missing.push('crypto.randomUUID');
  if (typeof scope.fetch !== 'function') missing.push('fetch');
  if (typeof scope.AbortController !== 'function') missing.push('AbortController');
  if (!canStore(scope.sessionStorage)) missing.push('sessionStorage');
  return missing;
}

/** Reads the real browser; a storage that throws on access counts as missing. */
function browserScope(): BrowserScope {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return {
    crypto: globalThis.crypto,
    fetch: globalThis.fetch,
    AbortController: globalThis.AbortController,
    sessionStorage: storage,
  };
}

/**
 * G8: an outdated browser gets a warning toast that stays until dismissed (G4.75, timeout 0) with an
 * upgrade link. Checked once when the app starts.
 */
export function useOutdatedBrowserWarning(scope: () => BrowserScope = browserScope): void {
  const { t } = useTranslation('frame');
  const checked = useRef(false);
  useEffect(() => {
    // Once per app start (StrictMode runs effects twice; the ref survives that).
    if (checked.current) return;
    checked.current = true;
    if (missingFeatures(scope()).length === 0) return;
    showToast(
      {
        text: t('translation:browser.outdated'),
        tone: 'warning',
        link: { href: BROWSER_UPGRADE_URL, label: t('outdated.upgrade') },
      },
      TOAST_STICKY,
    );
  }, [scope, t]);
}
