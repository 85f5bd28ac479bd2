import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COOKIE_CONSENT_STORAGE_KEY } from '@venue-voice/domain';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentGateProps } from './consent-gate';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-01T12:00:00Z');
const GTM = 'GTM-TEST123';

/**
 * A new page load: the consent decision read in this page, the guest session and the language live in
 * their modules, so each test imports the app afresh (local storage is cleared by the test).
 */
async function pageLoad() {
  vi.resetModules();
  const [providers, router, i18n, session, app, gate] = await Promise.all([
    import('../../app/providers'),
    import('../../app/router'),
    import('../../platform/i18n'),
    import('../../shared/session/session-store'),
    import('../../test/render-app'),
    import('./consent-gate'),
  ]);
  return { ...providers, ...router, ...i18n, ...session, ...app, ...gate };
}
let page: Awaited<ReturnType<typeof pageLoad>>;

/** The gate as the root layout mounts it: next to the screens, inside the app's providers. */
function renderGate(props: ConsentGateProps = {}, path = '/error-404') {
  const api = page.fakeApi({
    surveyConfig: async () => page.venueConfig(),
    surveyBranches: async () => [page.testBranch(1, 'Soho')],
  });
  // The screens without the root layout, which mounts a gate of its own with the build's settings.
  const screens = page.routes.map((route) => ({ ...route, Component: Outlet }));
  const router = createMemoryRouter(screens, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <page.AppProviders api={api} queryClient={queryClient}>
      <RouterProvider router={router} />
      <page.ConsentGate gtmId={null} {...props} />
    </page.AppProviders>,
  );
  return { ...view, router };
}

const banner = () => screen.queryByRole('region', { name: 'Cookies' });
const stored = () => JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null');
const tagScripts = () => document.querySelectorAll('script[src*="googletagmanager.com"]');
/** The gtag commands queued so far, as plain arrays. */
const commands = () =>
  (window.dataLayer ?? [])
    .filter((entry) => !Array.isArray(entry) && typeof entry === 'object' && entry !== null && 0 in entry)
    .map((entry) => Array.from(entry as ArrayLike<unknown>));
const granted = {
  analytics_storage: 'granted',
  ad_storage: 'granted',
  ad_user_data: 'granted',
  ad_personalization: 'granted',
};
const denied = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  sessionStorage.clear();
  delete window.dataLayer;
  for (const script of tagScripts()) script.remove();
  page = await pageLoad();
  await page.setLanguage('en-gb');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('cookie consent banner', () => {
  it('G4.70 asks a guest with no decision: Decline, Allow and the privacy policy, without taking the focus', async () => {
    renderGate();
    const region = await screen.findByRole('region', { name: 'Cookies' });
    expect(within(region).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Allow' })).toBeInTheDocument();
    const link = within(region).getByRole('link', { name: 'Privacy policy (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(region).not.toContainElement(document.activeElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links to the venue company’s own privacy policy from the session’s config', async () => {
    const statics = {
      privacyNoticeVersion: '2.6',
      privacyPolicyUrl: 'https://bistro.example/privacy',
      copyright: '',
      contactDataRetentionDays: 7,
    };
    page.useGuestSession.getState().update({ config: { ...page.venueConfig(), statics } });
    renderGate();
    expect(await screen.findByRole('link', { name: /Privacy policy/ })).toHaveAttribute(
      'href',
      'https://bistro.example/privacy',
    );
  });

  it.each([
    [true, 'Allow', granted],
    [false, 'Decline', denied],
  ])(
    'G4.72 stores %s with the time of the answer, closes, and updates consent mode',
    async (consented, button, update) => {
      renderGate();
      await userEvent.click(await screen.findByRole('button', { name: button }));
      expect(stored()).toEqual({ consented, timestamp: NOW });
      expect(banner()).not.toBeInTheDocument();
      expect(commands()).toEqual([
        ['consent', 'default', denied],
        ['consent', 'update', update],
      ]);
    },
  );

  it('G4.70 keeps a decision younger than 90 days: not asked, and consent mode hears it again', () => {
    localStorage.setItem(
      COOKIE_CONSENT_STORAGE_KEY,
      JSON.stringify({ consented: true, timestamp: NOW - 90 * DAY + 1 }),
    );
    renderGate();
    expect(banner()).not.toBeInTheDocument();
    expect(commands()).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);
  });

  it('G4.70 asks again once the decision is 90 days old, and tracks nothing until answered', async () => {
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    vi.setSystemTime(NOW + 90 * DAY);
    renderGate({ gtmId: GTM });
    expect(await screen.findByRole('region', { name: 'Cookies' })).toBeInTheDocument();
    expect(tagScripts()).toHaveLength(0);
  });

  it.each([
    ['a malformed value', '{"consented":"yes"}'],
    ['a decision dated in the future', JSON.stringify({ consented: true, timestamp: NOW + DAY })],
  ])('G4.70 asks when the stored decision is %s', async (_, raw) => {
    localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, raw);
    renderGate();
    expect(await screen.findByRole('region', { name: 'Cookies' })).toBeInTheDocument();
  });

  it('G4.71 app mode is consented and never asks', () => {
    renderGate({ appMode: true, gtmId: GTM });
    expect(banner()).not.toBeInTheDocument();
    expect(commands()).toContainEqual(['consent', 'update', granted]);
    expect(tagScripts()).toHaveLength(1);
  });

  it('closes for this page when the browser refuses storage', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(banner()).not.toBeInTheDocument();
  });

  it('follows an answer given in another tab', async () => {
    renderGate();
    await screen.findByRole('region', { name: 'Cookies' });
    const raw = JSON.stringify({ consented: false, timestamp: NOW });
    localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, raw);
    window.dispatchEvent(new StorageEvent('storage', { key: COOKIE_CONSENT_STORAGE_KEY, newValue: raw }));
    await vi.waitFor(() => expect(banner()).not.toBeInTheDocument());
  });

  it('does not block the survey: the guest answers the first screen without choosing', async () => {
    const { router } = renderGate({}, '/demo-bistro');
    await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' });
    expect(banner()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/check_in/get_started'));
    expect(banner()).toBeInTheDocument();
  });
});

describe('tag manager loader', () => {
  it('loads nothing without a container, even when the guest allows', async () => {
    renderGate({ gtmId: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(tagScripts()).toHaveLength(0);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads nothing with a container when the guest declines or has not answered', async () => {
    renderGate({ gtmId: GTM });
    expect(tagScripts()).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(tagScripts()).toHaveLength(0);
    expect(window.dataLayer).not.toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  });

  it('loads the container once, after the consent default and the update, when configured and allowed', async () => {
    const view = renderGate({ gtmId: GTM });
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    view.unmount();
    renderGate({ gtmId: GTM });
    const scripts = tagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute('src', `https://www.googletagmanager.com/gtm.js?id=${GTM}`);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
    const layer = window.dataLayer ?? [];
    const start = layer.findIndex((entry) => (entry as { event?: string }).event === 'gtm.js');
    expect(start).toBeGreaterThan(1);
    expect(commands().slice(0, 2)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);
  });
});
