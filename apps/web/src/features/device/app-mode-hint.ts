/**
 * Whether the first screen must wait for the stored device (IndexedDB), decided without reading it
 * (decision 0133). A tablet's routes, language and API calls depend on its registration, so a page that
 * may be a tablet waits as before; a guest's phone renders at once and reads the device afterwards.
 */
import { isAppMode, useDevice } from '../../platform/device-session';
import { runMode } from '../../platform/pwa/run-mode';

/** Local storage: '1' while this browser is a registered tablet (app mode), '0' once known not to be. */
export const APP_MODE_HINT_KEY = 'venue-voice-app-mode';

function readHint(target: Window): string | null {
  try {
    return target.localStorage.getItem(APP_MODE_HINT_KEY);
  } catch {
    return null;
  }
}

/**
 * An installed app (the tablet's usual way to run) or a browser that was in app mode when it last ran.
 * Storage that cannot be read gives no answer, so such a page waits, as every page did before.
 */
export function mayBeTablet(target: Window = window): boolean {
  if (runMode(target).standalone) return true;
  try {
    return target.localStorage.getItem(APP_MODE_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

/** Keeps the hint equal to app mode from now on: at a registration, at a reset (D4.1). Call once hydrated. */
export function followAppMode(target: Window = window): () => void {
  const write = (appMode: boolean) => {
    try {
      target.localStorage.setItem(APP_MODE_HINT_KEY, appMode ? '1' : '0');
    } catch {
      // Private mode or full storage: the next start waits for the device, as without a hint.
    }
  };
  write(isAppMode());
  return useDevice.subscribe((now, before) => {
    if (isAppMode(now.state) !== isAppMode(before.state)) write(isAppMode(now.state));
  });
}

/**
 * After a start that did not wait: a tablet found in IndexedDB without its hint (registered in a
 * browser tab before the hint existed, or its local storage cleared) starts again, now waiting for its
 * device. Only when the hint was stored, so that a storage that refuses it cannot reload for ever.
 */
export function restartIfTablet(target: Window = window): boolean {
  if (!isAppMode() || readHint(target) !== '1') return false;
  target.location.reload();
  return true;
}
