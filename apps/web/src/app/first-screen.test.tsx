import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { type BranchListing, CheckinPath, type SurveyInput } from '@venue-voice/domain';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepare, renderFirstScreen } from '../entry-server';
import { setLanguage } from '../platform/i18n';
import { emptySession, useGuestSession } from '../shared/session/session-store';
import { fakeApi, testBranch, venueConfig } from '../test/render-app';
import { adoptFirstScreen, type FirstScreen } from './first-screen';
import { AppProviders } from './providers';
import { routes } from './router';

const branches = [testBranch(2, 'Demo Bistro Manchester'), testBranch(1, 'Demo Bistro Soho')];

/** The API as the server's render reaches it: survey.config and survey.branch in their envelope. */
const apiFetch =
  (flags: Parameters<typeof venueConfig>[0], listing: BranchListing[] = branches): typeof fetch =>
  async (input) => {
    const path = new URL(String(input), 'http://server').pathname;
    if (path === '/api/v1/survey/config') return Response.json({ data: venueConfig(flags) });
    if (path === '/api/v1/survey/branch') return Response.json({ data: { branches: listing } });
    return Response.json({ error: { code: 10002, message: 'not found' } }, { status: 404 });
  };

// As the server does once at its start: every language's texts, the rendered steps' code.
beforeAll(prepare);

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  useGuestSession.setState(emptySession);
  await setLanguage('en-gb');
  vi.restoreAllMocks();
});

/**
 * The browser's start on a page the server rendered (main.tsx): adopt its state, hydrate its HTML.
 * Returns what React reported: console errors (its development build warns of every mismatch, text
 * or attribute) and recoverable errors (a hydration it had to throw away).
 */
async function hydrateServerPage(html: string, first: FirstScreen) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  // A new page: the server's render left nothing in this tab.
  useGuestSession.setState(emptySession);
  await setLanguage('en-gb');
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const recoverable: unknown[] = [];
  const queryClient = new QueryClient();
  await adoptFirstScreen(first, queryClient);
  const router = createBrowserRouter(routes);
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <AppProviders api={fakeApi()} queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return { warnings: consoleErrors.mock.calls.map((call) => String(call[0])), recoverable, router };
}

describe('the first screen rendered on the server, hydrated by the browser (issue 25, decision 0169)', () => {
  it.each<[Partial<SurveyInput>, string, string]>([
    [
      { eposEnabled: true, showPinScreen: true },
      CheckinPath.GUEST_RECEIPT_PIN_ENTRY,
      'Enter your receipt PIN',
    ],
    [{ tableNumberEntry: true }, CheckinPath.GUEST_TABLE_NUMBER_ENTRY, 'What is your table number?'],
    [{ eposEnabled: false }, CheckinPath.GET_STARTED, 'Demo Bistro'],
    [
      { templateLocale: 'de', eposEnabled: true, showPinScreen: true },
      CheckinPath.GUEST_RECEIPT_PIN_ENTRY,
      'Geben Sie die PIN Ihres Belegs ein',
    ],
  ])(
    '%j: the server renders %s and the browser hydrates it with no mismatch',
    async (flags, step, heading) => {
      const rendered = await renderFirstScreen({
        url: '/demo-bistro',
        fetch: apiFetch(flags),
        now: new Date(),
      });
      if (rendered.kind !== 'page') throw new Error(`no page rendered: ${rendered.kind}`);
      expect(rendered.html).toContain(heading);
      const first = JSON.parse(rendered.data) as FirstScreen;
      expect(first.path).toBe(`${step}?slug=demo-bistro`);
      // The page carries the config as the domain's schema parsed it on the server (decision 0173).
      expect(first.session.config).toEqual(venueConfig(flags));

      const { warnings, recoverable, router } = await hydrateServerPage(rendered.html, first);
      expect(warnings).toEqual([]);
      expect(recoverable).toEqual([]);
      expect(router.state.location.pathname).toBe(step);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(useGuestSession.getState().config).toEqual(first.session.config);
    },
  );

  it('a config the schema refuses is not rendered on the server: the browser does its own setup', async () => {
    const wrong = { ...venueConfig({ eposEnabled: true, showPinScreen: true }), questions: [{ id: 'x' }] };
    const refusing: typeof fetch = async (input) =>
      new URL(String(input), 'http://server').pathname === '/api/v1/survey/config'
        ? Response.json({ data: wrong })
        : apiFetch({})(input);
    expect(await renderFirstScreen({ url: '/demo-bistro', fetch: refusing, now: new Date() })).toEqual({
      kind: 'none',
    });
  });

  it('a browser state that differs from the server render is reported (the check above can fail)', async () => {
    const flags = { eposEnabled: true, showPinScreen: true };
    const rendered = await renderFirstScreen({
      url: '/demo-bistro',
      fetch: apiFetch(flags),
      now: new Date(),
    });
    if (rendered.kind !== 'page') throw new Error('no page rendered');
    const first = JSON.parse(rendered.data) as FirstScreen;
    // The browser believes in one venue only: the venue choice the server rendered is not there.
    const { warnings, recoverable } = await hydrateServerPage(rendered.html, {
      ...first,
      branches: [testBranch(1, 'Demo Bistro Soho')],
    });
    expect([...warnings, ...recoverable.map(String)].join('\n')).toMatch(/hydrat/i);
  });

  it.each([
    ['/demo-bistro/123456', 'a link with a receipt PIN (looked up by the browser)'],
    ['/error-404', 'a page that is not a venue address'],
    ['/check_in/get_started?slug=demo-bistro', 'a check-in step opened again (its session is in the tab)'],
  ])('%s is left to the browser: %s', async (url) => {
    const fetch = vi.fn(apiFetch({ eposEnabled: true, showPinScreen: true }));
    expect(await renderFirstScreen({ url, fetch, now: new Date() })).toEqual({ kind: 'none' });
  });

  it('an unknown venue ends on /error-404', async () => {
    const unknown: typeof fetch = async () =>
      Response.json(
        {
          error: {
            code: 10013,
            message: 'Bad survey tag used',
            detail: { slug: 'no-such-venue' },
            ui: false,
          },
        },
        { status: 404 },
      );
    expect(await renderFirstScreen({ url: '/no-such-venue', fetch: unknown, now: new Date() })).toEqual({
      kind: 'notFound',
      log: 'Bad survey tag used',
      slug: 'no-such-venue',
    });
  });
});
