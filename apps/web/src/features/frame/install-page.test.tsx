import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../platform/i18n';
import { listenForInstallPrompt, useInstallPrompt } from '../../platform/install-prompt';
import { fakeApi, renderApp } from '../../test/render-app';

const UA = {
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
};

/** The browser's deferred prompt; the guest answers with `outcome`. */
function offerPrompt(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

async function openInstallPage(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  renderApp('/install', fakeApi());
  return screen.findByRole('heading', { level: 1, name: 'Install the app' });
}

beforeAll(() => {
  listenForInstallPrompt(window);
});

beforeEach(async () => {
  localStorage.clear();
  useInstallPrompt.setState({ state: 'waiting', deferred: null });
  await setLanguage('en-gb');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('install page (G4.77)', () => {
  it('G4.77 desktop is unsupported', async () => {
    await openInstallPage(UA.desktopChrome);
    expect(screen.getByText(/not supported on this device or browser/)).toBeInTheDocument();
    // The title is set by the root layout's effect, which may land after the first paint.
    await waitFor(() => expect(document.title).toBe('Install the app · Venue Voice'));
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('G4.77 iOS in another browser is asked to open Safari', async () => {
    await openInstallPage(UA.iphoneChrome);
    expect(screen.getByText(/open this page in Safari/)).toBeInTheDocument();
  });

  it('G4.77 Android in another browser is asked to open Chrome or Samsung Internet', async () => {
    await openInstallPage(UA.androidFirefox);
    expect(screen.getByText(/open this page in Chrome or Samsung Internet/)).toBeInTheDocument();
  });

  it("G4.77 iOS Safari gets Safari's steps", async () => {
    await openInstallPage(UA.iphoneSafari);
    const steps = within(screen.getByRole('list', { name: 'How to install' }));
    expect(steps.getAllByRole('listitem')).toHaveLength(3);
    expect(steps.getByText(/Add to Home Screen/)).toBeInTheDocument();
  });

  it('G4.77 Android Chrome without a prompt gets the menu steps', async () => {
    await openInstallPage(UA.androidChrome);
    expect(screen.getByRole('heading', { level: 2, name: 'How to install' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'How to install' })).getByText(/browser's menu/),
    ).toBeInTheDocument();
  });
});

describe('install flow (G4.76)', () => {
  it('G4.76 Android with a prompt gets the button; accepting it gives "App installed"', async () => {
    await openInstallPage(UA.androidChrome);
    const { prompt, event } = offerPrompt('accepted');
    // The browser's own banner is held back so the page's button shows the prompt.
    expect(event.defaultPrevented).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('App installed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('G4.76 a dismissed prompt is spent: the steps show until the browser offers a new one', async () => {
    await openInstallPage(UA.androidChrome);
    offerPrompt('dismissed');
    // Found, not got: under a loaded CI the button's render may land a tick after the event.
    const install = await screen.findByRole('button', { name: 'Install app' });
    await act(async () => {
      fireEvent.click(install);
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'How to install' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
    offerPrompt('accepted');
    expect(screen.getByRole('button', { name: 'Install app' })).toBeEnabled();
  });

  it("G4.76 the browser's installed event ends the flow, even on a desktop", async () => {
    await openInstallPage(UA.desktopChrome);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    // Found, not got: the page may show the new state a render later (it failed once in a full run).
    expect(await screen.findByText('App installed')).toBeInTheDocument();
  });

  it('G4.76 a prompt offered before the page opened is not missed', async () => {
    offerPrompt('accepted');
    await openInstallPage(UA.androidChrome);
    expect(screen.getByRole('button', { name: 'Install app' })).toBeEnabled();
  });
});
