import { act, fireEvent, screen, within } from '@testing-library/react';
import type { StaticsSection } from '@venue-voice/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../platform/i18n';
import { emptySession, useGuestSession } from '../../shared/session/session-store';
import { fakeApi, renderApp, venueConfig } from '../../test/render-app';
import { useErrorQueue } from '../../ui/error-queue';
import { showToast, useToasts } from '../../ui/toasts';

const statics = (changes: Partial<StaticsSection> = {}): StaticsSection => ({
  privacyNoticeVersion: '2.6',
  privacyPolicyUrl: 'https://demo.example/privacy',
  copyright: '© 2025 Demo Hospitality Group',
  contactDataRetentionDays: 7,
  ...changes,
});

/** A session as the venue setup leaves it for demo-bistro (a check-in screen may open). */
function checkinSession(config = venueConfig()) {
  useGuestSession.getState().reset({ slug: 'demo-bistro', config, urlParams: { slug: 'demo-bistro' } });
}

/** A guest whose session holds the venue's settings, statics included. */
function venueSession(changes: Partial<StaticsSection> = {}) {
  useGuestSession.setState({
    ...emptySession,
    slug: 'demo-bistro',
    config: { ...venueConfig(), statics: statics(changes) },
  });
}

const footer = () => within(screen.getByRole('contentinfo'));

beforeEach(async () => {
  sessionStorage.clear();
  localStorage.clear();
  useGuestSession.setState(emptySession);
  useToasts.setState({ state: { toasts: [], nextId: 1 } });
  useErrorQueue.setState({ state: { shown: null, waiting: [], showNextAt: null } });
  await setLanguage('en-gb');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('footer (G2: copyright, privacy policy) on every screen', () => {
  it('without a venue: the app copyright, its privacy notice, the install page and the version', async () => {
    renderApp('/error-404', fakeApi());
    expect(
      await screen.findByRole('heading', { level: 1, name: /does not exist or has been moved/ }),
    ).toBeVisible();
    expect(footer().getByText('© Venue Voice')).toBeInTheDocument();
    expect(footer().getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(footer().getByRole('link', { name: 'Install app' })).toHaveAttribute('href', '/install');
    expect(footer().getByText('Version 0.8.16')).toBeInTheDocument();
  });

  it('with a venue: its copyright and its privacy policy, in a new tab so the survey stays open', async () => {
    venueSession();
    renderApp('/error-404', fakeApi());
    await screen.findByRole('heading', { level: 1 });
    expect(footer().getByText('© 2025 Demo Hospitality Group')).toBeInTheDocument();
    const privacy = footer().getByRole('link', { name: 'Privacy policy (opens in a new tab)' });
    expect(privacy).toHaveAttribute('href', 'https://demo.example/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['javascript:alert(1)', '//evil.example/privacy', '', '  '])(
    'a venue privacy address %j that is not a web address or a path links the app notice instead',
    async (privacyPolicyUrl) => {
      venueSession({ privacyPolicyUrl, copyright: '' });
      renderApp('/error-404', fakeApi());
      await screen.findByRole('heading', { level: 1 });
      expect(footer().getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
      expect(footer().getByText('© Venue Voice')).toBeInTheDocument();
    },
  );

  it('is on a check-in screen too, with the venue texts', async () => {
    checkinSession({ ...venueConfig(), statics: statics() });
    renderApp('/check_in/get_started', fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' })).toBeInTheDocument();
    expect(footer().getByText('© 2025 Demo Hospitality Group')).toBeInTheDocument();
  });
});

describe('privacy notice (/privacy, decision 0070)', () => {
  it("G1 the footer's link opens the app's notice: version 2.6 of March 2025, anonymised, 7 days", async () => {
    renderApp('/error-404', fakeApi());
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(footer().getByRole('link', { name: 'Privacy policy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByText('Version 2.6, March 2025')).toBeInTheDocument();
    expect(screen.getByText('Your feedback is stored anonymised.')).toBeInTheDocument();
    expect(screen.getByText(/deleted after 7 days\.$/)).toBeInTheDocument();
  });

  it("uses the venue's retention days and speaks the page's language", async () => {
    venueSession({ contactDataRetentionDays: 1, privacyPolicyUrl: '/privacy' });
    await setLanguage('de');
    renderApp('/privacy', fakeApi());
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutzhinweis' })).toBeInTheDocument();
    expect(screen.getByText('Fassung 2.6, März 2025')).toBeInTheDocument();
    expect(screen.getByText(/nach 1 Tag gelöscht\.$/)).toBeInTheDocument();
  });
});

describe('toasts and errors around every screen (G2 toasts at the top, G4.73)', () => {
  it('G4.75 a toast and an error show on a check-in screen', async () => {
    checkinSession();
    renderApp('/check_in/get_started', fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' });
    act(() => {
      showToast({ text: 'Saved' });
      useErrorQueue.getState().push({ message: 'There was a problem with the server response' });
    });
    expect(screen.getByText('Saved').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('There was a problem with the server response');
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('outdated browser (G8, decision 0071)', () => {
  it('G4.75 a browser lacking what the app needs gets a sticky warning with an upgrade link', async () => {
    // A browser without crypto.randomUUID (old Safari) cannot give the visit its id.
    vi.stubGlobal('crypto', {});
    renderApp('/error-404', fakeApi());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/Your browser is out of date/)).toBeInTheDocument();
    const upgrade = screen.getByRole('link', { name: 'Upgrade your browser' });
    expect(upgrade).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    vi.useFakeTimers();
    act(() => showToast({ text: 'Saved' }));
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText(/Your browser is out of date/)).toBeInTheDocument();
  });

  it('a browser with everything gets no warning', async () => {
    renderApp('/error-404', fakeApi());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/Your browser is out of date/)).not.toBeInTheDocument();
  });
});
