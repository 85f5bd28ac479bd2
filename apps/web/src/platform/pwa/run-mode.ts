import { RunMode } from '@venue-voice/domain';

/** Session-storage key remembering that this tab was opened by the Android package (decision 0089). */
export const APK_FLAG_KEY = 'venue-voice-run-apk';
/** A Trusted Web Activity (our Android package) opens the app with its package as referrer. */
const ANDROID_APP_REFERRER = 'android-app://';

export interface RunModeInfo {
  /** apk: opened by the Android package; pwa: the installed web app; web: a browser tab. */
  mode: RunMode;
  /** Runs without browser controls (installed PWA or Android package). */
  standalone: boolean;
  /** Opened by the Android package. */
  apk: boolean;
}

/**
 * Whether the Android package opened this tab. Its referrer is seen only on the first load, so it is
 * remembered for the tab (session storage): a reload after an update keeps the answer. Not local
 * storage: a package's web view shares it with the browser, where a tab is no package.
 */
function openedByApk(target: Window): boolean {
  try {
    if (target.document.referrer.startsWith(ANDROID_APP_REFERRER)) {
      target.sessionStorage.setItem(APK_FLAG_KEY, '1');
      return true;
    }
    return target.sessionStorage.getItem(APK_FLAG_KEY) === '1';
  } catch {
    return target.document.referrer.startsWith(ANDROID_APP_REFERRER);
  }
}

/** How the app runs now (device-mode §2 status modal and settings; §9 run mode). */
export function runMode(target: Window = window): RunModeInfo {
  const displayMode = (mode: string) => target.matchMedia?.(`(display-mode: ${mode})`).matches === true;
  const apk = openedByApk(target);
  const standalone =
    apk ||
    displayMode('standalone') ||
    displayMode('fullscreen') ||
    (target.navigator as Navigator & { standalone?: boolean }).standalone === true;
  const mode = apk ? RunMode.APK : standalone ? RunMode.PWA : RunMode.WEB;
  return { mode, standalone, apk };
}
