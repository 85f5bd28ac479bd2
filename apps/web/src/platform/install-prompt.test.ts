import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type InstallPromptEvent,
  listenForInstallPrompt,
  requestInstall,
  useInstallPrompt,
} from './install-prompt';

/** A window of its own per test (the listener is attached once per window), read by runMode too. */
function fakeWindow(standalone = false, referrer = ''): Window {
  const target = new EventTarget();
  const stored = new Map<string, string>();
  return Object.assign(target, {
    matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }),
    navigator: {},
    document: { referrer },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
  }) as unknown as Window;
}

function promptEvent(prompt: () => Promise<unknown>, outcome: 'accepted' | 'dismissed' = 'accepted') {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(prompt),
    userChoice: Promise.resolve({ outcome }),
  }) as InstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };
}

beforeEach(() => {
  useInstallPrompt.setState({ state: 'waiting', deferred: null });
});

describe('install prompt (G4.76)', () => {
  it('G4.76 keeps the prompt from the start and holds back the browser banner', () => {
    const win = fakeWindow();
    listenForInstallPrompt(win);
    const event = promptEvent(async () => undefined);
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useInstallPrompt.getState()).toMatchObject({ state: 'promptAvailable', deferred: event });
  });

  it('G4.76 listens once per window: a second call adds no second listener', async () => {
    const win = fakeWindow();
    listenForInstallPrompt(win);
    listenForInstallPrompt(win);
    const event = promptEvent(async () => undefined);
    win.dispatchEvent(event);
    await requestInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(useInstallPrompt.getState()).toMatchObject({ state: 'installed', deferred: null });
  });

  it('G4.76 a prompt the browser refuses to show counts as dismissed and is spent', async () => {
    const win = fakeWindow();
    listenForInstallPrompt(win);
    win.dispatchEvent(
      promptEvent(async () => {
        throw new DOMException('The prompt() method must be called with a user gesture', 'NotAllowedError');
      }),
    );
    await requestInstall();
    expect(useInstallPrompt.getState()).toMatchObject({ state: 'waiting', deferred: null });
  });

  it('G4.76 without a prompt, asking does nothing', async () => {
    await requestInstall();
    expect(useInstallPrompt.getState().state).toBe('waiting');
  });

  it.each([
    ['the installed app', fakeWindow(true), 'installed'],
    [
      'the Android package (decision 0089)',
      fakeWindow(false, 'android-app://com.venuevoice.tablet/'),
      'installed',
    ],
    ['a browser tab', fakeWindow(), 'waiting'],
  ])('G4.76 running as %s: %s', (_name, win, expected) => {
    listenForInstallPrompt(win);
    expect(useInstallPrompt.getState().state).toBe(expected);
  });
});
