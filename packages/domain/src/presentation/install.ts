/** Install flow (G4.76): waiting for the browser's prompt, prompt in hand, asking, installed. */
export type InstallState = 'waiting' | 'promptAvailable' | 'prompting' | 'installed';
export type InstallAction =
  | { type: 'promptAvailable' }
  | { type: 'prompt' }
  | { type: 'accepted' }
  | { type: 'dismissed' }
  | { type: 'appInstalled' };

/**
 * G4.76: the install flow. The browser offers a prompt; the guest asks for it; accepting gives 'app
 * installed'. A dismissed prompt is spent (browsers allow one use), so the flow waits for a new
 * one. The browser's own "installed" event ends the flow from anywhere; installed is final.
 */
export function installReducer(state: InstallState, action: InstallAction): InstallState {
  if (state === 'installed' || action.type === 'appInstalled') return 'installed';
  switch (action.type) {
    case 'promptAvailable':
      return state === 'waiting' ? 'promptAvailable' : state;
    case 'prompt':
      return state === 'promptAvailable' ? 'prompting' : state;
    case 'accepted':
      return state === 'prompting' ? 'installed' : state;
    case 'dismissed':
      return state === 'prompting' ? 'waiting' : state;
  }
}

export type PlatformOs = 'ios' | 'android' | 'desktop' | 'other';
export type PlatformBrowser = 'safari' | 'chrome' | 'samsung' | 'other';
/** A described platform: the install page decides from this, never from `navigator` itself. */
export type Platform = { os: PlatformOs; browser: PlatformBrowser; installPromptAvailable: boolean };
/** What the install page shows. */
export type InstallInstructions =
  | 'unsupported'
  | 'installButton'
  | 'openInSafari'
  | 'openInChromeOrSamsung'
  | 'steps';

/**
 * G4.77: desktop is unsupported; Android with an install prompt gets an install button; iOS needs
 * Safari; Android needs Chrome or Samsung Internet; otherwise step-by-step instructions (for iOS
 * Safari, Android Chrome or Samsung without a prompt, and other mobile systems).
 */
export function installInstructions(platform: Platform): InstallInstructions {
  if (platform.os === 'desktop') return 'unsupported';
  if (platform.os === 'android' && platform.installPromptAvailable) return 'installButton';
  if (platform.os === 'ios' && platform.browser !== 'safari') return 'openInSafari';
  if (platform.os === 'android' && platform.browser !== 'chrome' && platform.browser !== 'samsung') {
    return 'openInChromeOrSamsung';
  }
  return 'steps';
}

// Other iOS browsers and in-app views carry "Safari" in their user agent too; these marks tell them apart.
const IOS_NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//;
// Browsers built on Chrome that are not Chrome, and Android web views ("; wv)").
const ANDROID_NOT_CHROME = /EdgA|OPR\/|YaBrowser|UCBrowser|MiuiBrowser|Firefox|; wv\)/;

/**
 * G4.77: describes a platform from what the browser reports (user agent and touch points), as a pure
 * function so every case can be tested. iPadOS reports a Mac user agent; touch points give it away.
 */
export function describePlatform(
  userAgent: string,
  maxTouchPoints: number,
  installPromptAvailable: boolean,
): Platform {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const android = /Android/i.test(userAgent);
  const os: PlatformOs = ios
    ? 'ios'
    : android
      ? 'android'
      : /Mobi|Tablet|KAIOS/i.test(userAgent)
        ? 'other'
        : 'desktop';
  let browser: PlatformBrowser = 'other';
  if (ios && /Safari\//.test(userAgent) && !IOS_NOT_SAFARI.test(userAgent)) browser = 'safari';
  if (android && /SamsungBrowser\//.test(userAgent)) browser = 'samsung';
  else if (android && /Chrome\//.test(userAgent) && !ANDROID_NOT_CHROME.test(userAgent)) browser = 'chrome';
  return { os, browser, installPromptAvailable };
}
