import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useGuestSession } from '../shared/session/session-store';
import { fakeApi, renderApp, testBranch, venueConfig } from '../test/render-app';
import { analyticsEvent, screenPath, updateConsent, useScreenViews } from './analytics';
import { hardRedirect } from './navigation';

vi.mock(import('./navigation'), async (original) => ({ ...(await original()), hardRedirect: vi.fn() }));
vi.mock(import('./log'), () => ({ logError: vi.fn() }));

const denied = {
  analytics_storage: 'denied',
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};
const layer = () => window.dataLayer ?? [];
const screenViews = () =>
  layer()
    .filter((entry) => (entry as { event?: string }).event === 'screen-view')
    .map((entry) => (entry as { screen_path: string }).screen_path);

beforeEach(() => {
  delete window.dataLayer;
});

describe('analytics queue', () => {
  it('G4.72 queues the all-denied consent default before anything else, once', () => {
    analyticsEvent('survey-started', { slug: 'demo-bistro' });
    analyticsEvent('start-questions');
    const [first, ...rest] = layer();
    expect(Array.from(first as ArrayLike<unknown>)).toEqual(['consent', 'default', denied]);
    // gtag's form: an arguments object, which the tag manager reads (an array it would not).
    expect(Array.isArray(first)).toBe(false);
    expect(rest).toEqual([{ event: 'survey-started', slug: 'demo-bistro' }, { event: 'start-questions' }]);
  });

  it('G4.72 puts the default first even when a page script made the queue before us', () => {
    window.dataLayer = [{ event: 'earlier' }];
    updateConsent(true);
    expect(Array.from(layer()[0] as ArrayLike<unknown>)).toEqual(['consent', 'default', denied]);
    expect(layer()).toHaveLength(3);
  });

  it('never throws when the queue was replaced by something that cannot take events', () => {
    window.dataLayer = Object.freeze([] as unknown[]) as unknown[];
    expect(() => analyticsEvent('leave-survey')).not.toThrow();
  });
});

describe('screen paths', () => {
  it.each([
    ['/demo-bistro', { slug: 'demo-bistro' }, '/demo-bistro'],
    ['/demo-bistro/123456', { slug: 'demo-bistro', pin: '123456' }, '/demo-bistro/:pin'],
    [
      '/demo-bistro/pve/AB%2012',
      { slug: 'demo-bistro', pinType: 'pve', value: 'AB 12' },
      '/demo-bistro/pve/:value',
    ],
    ['/check_in/about_visit', {}, '/check_in/about_visit'],
    ['/nope/x/y/z', { '*': 'nope/x/y/z' }, '/nope/*'],
  ])('%s is counted with the params %j hidden but slug and pin type', (pathname, params, expected) => {
    expect(screenPath(pathname, params)).toBe(expected);
  });
});

function Layout() {
  useScreenViews();
  return <Outlet />;
}

const Empty = () => null;

describe('useScreenViews', () => {
  it('records one screen-view per route change, without the query string or a PIN', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: Layout,
          children: [
            { path: ':slug/:pin', Component: Empty },
            { path: 'questions', Component: Empty },
          ],
        },
      ],
      { initialEntries: ['/demo-bistro/123456?guestRef=jane@example.com'] },
    );
    render(<RouterProvider router={router} />);
    expect(screenViews()).toEqual(['/demo-bistro/:pin']);
    await act(() => router.navigate('/questions'));
    await act(() => router.navigate('/questions?page=2'));
    await act(() => router.navigate('/demo-bistro/654321'));
    expect(screenViews()).toEqual(['/demo-bistro/:pin', '/questions', '/demo-bistro/:pin']);
    expect(JSON.stringify(layer())).not.toMatch(/123456|654321|jane/);
  });
});

describe('survey-started', () => {
  const events = () => layer().filter((entry) => (entry as { event?: string }).event === 'survey-started');

  beforeEach(() => {
    useGuestSession.getState().reset();
  });

  it('is recorded once when a venue’s survey config has loaded for the guest', async () => {
    const api = fakeApi({
      surveyConfig: async () => venueConfig(),
      surveyBranches: async () => [testBranch(1, 'Soho')],
    });
    renderApp('/demo-bistro/123456', api);
    await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' });
    expect(events()).toEqual([{ event: 'survey-started', slug: 'demo-bistro' }]);
  });

  it('is not recorded for a venue without a survey', async () => {
    const api = fakeApi({
      surveyConfig: async () => ({ ...venueConfig(), surveys: [] }),
      surveyBranches: async () => [testBranch(1, 'Soho')],
    });
    renderApp('/demo-bistro', api);
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(events()).toEqual([]);
  });
});
