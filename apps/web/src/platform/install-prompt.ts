import { type InstallAction, type InstallState, installReducer } from '@venue-voice/domain';
import { create } from 'zustand';
import { runMode } from './pwa/run-mode';

/** Chromium's `beforeinstallprompt` event (not in lib.dom): a prompt the page may show once. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

interface InstallPromptStore {
  /** G4.76: waiting, promptAvailable, prompting or installed. */
  state: InstallState;
  /** The browser's prompt while it is unused; a prompt can be shown only once. */
  deferred: InstallPromptEvent | null;
  dispatch(action: InstallAction): void;
}

/** App-wide install flow; the transitions are the domain's (G4.76). */
export const useInstallPrompt = create<InstallPromptStore>()((set) => ({
  state: 'waiting',
  deferred: null,
  dispatch: (action) => set(({ state }) => ({ state: installReducer(state, action) })),
}));

/**
 * Shows the browser's install prompt and records the guest's answer. A prompt is spent once shown,
 * whatever the answer, so it is dropped; a dismissed flow waits for the browser to offer a new one.
 */
export async function requestInstall(): Promise<void> {
  const { state, deferred, dispatch } = useInstallPrompt.getState();
  if (state !== 'promptAvailable' || !deferred) return;
  dispatch({ type: 'prompt' });
  useInstallPrompt.setState({ deferred: null });
  try {
    await deferred.prompt();
    const choice = await deferred.userChoice;
    dispatch({ type: choice.outcome === 'accepted' ? 'accepted' : 'dismissed' });
  } catch {
    // A prompt the browser refuses to show (already used, no user gesture) counts as dismissed.
    dispatch({ type: 'dismissed' });
  }
}

const listening = new WeakSet<Window>();

/**
 * Starts listening for the browser's install events, once per window. Called when the app starts:
 * `beforeinstallprompt` fires once, often before the guest opens the install page, and a missed one
 * does not come back until the next visit.
 */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening.has(target)) return;
  listening.add(target);
  const { dispatch } = useInstallPrompt.getState();
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own banner away so the install page's button shows the prompt instead.
    event.preventDefault();
    useInstallPrompt.setState({ deferred: event as InstallPromptEvent });
    dispatch({ type: 'promptAvailable' });
  });
  target.addEventListener('appinstalled', () => {
    useInstallPrompt.setState({ deferred: null });
    dispatch({ type: 'appInstalled' });
  });
  // Already running as the installed app (opened from the home screen, or by the Android package).
  if (runMode(target).standalone) dispatch({ type: 'appInstalled' });
}
