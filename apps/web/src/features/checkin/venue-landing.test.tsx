import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../platform/api';
import { setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { hardRedirect } from '../../platform/navigation';
import { apiFailure, renderApp, venueConfig } from '../../test/render-app';

vi.mock(import('../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));
vi.mock(import('../../platform/log'), () => ({ logError: vi.fn() }));

const fakeApi = (surveyConfig: WebApi['surveyConfig']): WebApi => ({ surveyConfig: vi.fn(surveyConfig) });

beforeEach(async () => {
  vi.mocked(hardRedirect).mockClear();
  vi.mocked(logError).mockClear();
  await setLanguage('en-gb');
});

describe('venue landing (G2 /:slug)', () => {
  it('announces loading, then shows the survey name as the page heading', async () => {
    let answer: (value: ReturnType<typeof venueConfig>) => void = () => {};
    const api = fakeApi(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/demo-bistro', api);

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer(venueConfig({ name: 'Demo Bistro' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' })).toBeInTheDocument();
    expect(api.surveyConfig).toHaveBeenCalledWith('demo-bistro', 'en-gb');
    expect(document.title).toBe('Your feedback · Venue Voice');
  });

  it('applies the survey branding: colours and font as CSS variables, and the logo', async () => {
    const branding = {
      primaryColour: '#0B5D1E',
      accentColour: '#ffcc00',
      font: 'Lato',
      logoImage: 'https://cdn.example.com/logo.png',
    };
    renderApp(
      '/demo-bistro',
      fakeApi(async () => venueConfig({ branding })),
    );

    await screen.findByRole('heading', { name: 'Demo Bistro' });
    const venue = screen.getByTestId('venue');
    expect(venue.style.getPropertyValue('--vv-primary')).toBe('#0B5D1E');
    expect(venue.style.getPropertyValue('--vv-on-primary')).toBe('#ffffff');
    expect(venue.style.getPropertyValue('--vv-accent')).toBe('#ffcc00');
    expect(venue.style.getPropertyValue('--vv-font')).toMatch(/^"Lato", system-ui/);
    const logo = screen.getByRole('img', { name: 'Demo Hospitality Group logo' });
    expect(logo).toHaveAttribute('src', 'https://cdn.example.com/logo.png');
  });

  it('shows the company name in the header when there is no logo', async () => {
    renderApp(
      '/demo-bistro',
      fakeApi(async () => venueConfig()),
    );
    const banner = await screen.findByRole('banner');
    expect(banner).toHaveTextContent('Demo Hospitality Group');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("switches to the survey's language (G1: templateLocale of the first survey)", async () => {
    renderApp(
      '/demo-bistro',
      fakeApi(async () => venueConfig({ templateLocale: 'de' })),
    );
    await screen.findByRole('heading', { name: 'Demo Bistro' });
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(screen.getByText(/Danke für Ihren Besuch/)).toBeInTheDocument();
  });

  it.each(['/demo-bistro/123456?checkId=9', '/demo-bistro/pve/777', '/demo-bistro/PIN/123456'])(
    'accepts the PIN address form %s and loads the survey of its slug',
    async (path) => {
      const api = fakeApi(async () => venueConfig());
      renderApp(path, api);
      expect(await screen.findByRole('heading', { name: 'Demo Bistro' })).toBeInTheDocument();
      expect(api.surveyConfig).toHaveBeenCalledWith('demo-bistro', 'en-gb');
      expect(hardRedirect).not.toHaveBeenCalled();
    },
  );

  it('hard-redirects an unknown slug to /error-404 and logs it (G8 badSlug)', async () => {
    renderApp(
      '/no-such-venue',
      fakeApi(async () => Promise.reject(apiFailure(404, 10013))),
    );
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(logError).toHaveBeenCalledWith('Bad survey tag used', { slug: 'no-such-venue' });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('hard-redirects when the slug has no survey behind it', async () => {
    renderApp(
      '/empty',
      fakeApi(async () => ({ company: null, surveys: [] })),
    );
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
  });

  it('hard-redirects an address that breaks the pattern (/:slug/xyz/:value)', async () => {
    const api = fakeApi(async () => venueConfig());
    renderApp('/demo-bistro/xyz/1', api);
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(api.surveyConfig).not.toHaveBeenCalled();
  });

  it('offers a retry when the server fails, without leaving the page', async () => {
    let calls = 0;
    const api = fakeApi(async () => {
      calls += 1;
      if (calls === 1) throw apiFailure(500, 10001);
      return venueConfig();
    });
    renderApp('/demo-bistro', api);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was a problem with the server response');
    expect(hardRedirect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Demo Bistro' })).toBeInTheDocument();
  });
});
