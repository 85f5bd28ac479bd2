import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { hardRedirect } from '../../platform/navigation';
import { useGuestSession } from '../../shared/session/session-store';
import { fakeApi, renderApp, testBranch, venueConfig } from '../../test/render-app';
import { seedCheckin } from './test-support';

vi.mock(import('../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));
vi.mock(import('../../platform/log'), () => ({ logError: vi.fn() }));

const api = () =>
  fakeApi({ surveyConfig: async () => venueConfig(), surveyBranches: async () => [testBranch(1, 'Soho')] });

beforeEach(async () => {
  vi.mocked(hardRedirect).mockClear();
  vi.mocked(logError).mockClear();
  useGuestSession.getState().reset();
  await setLanguage('en-gb');
});

describe('entry rules of the domain (nextRoute on enter)', () => {
  it('G2.26 a check_in page without a slug query gets the stored slug, other parameters kept', async () => {
    seedCheckin();
    const { router } = renderApp('/check_in/get_started?x=1', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?x=1&slug=demo-bistro');
  });

  it('G2.22 without a stored slug there is no check-in: noSlug, logged, /error-404', async () => {
    renderApp('/check_in/find_venue', api());
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(logError).toHaveBeenCalledWith('No survey tag passed', {});
  });

  it('G2.28 /questions without a survey in progress goes back to the web entry, which sets it up again', async () => {
    seedCheckin({ branchId: 1 });
    const client = api();
    const { router } = renderApp('/questions', client);
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/get_started'));
    expect(client.surveyConfig).toHaveBeenCalledWith('demo-bistro', 'en-gb');
  });

  it('G2.29 /questions before the venue is known goes to the step still needed', async () => {
    seedCheckin({ surveyInProgress: 1, visitDateTime: '2025-06-01 12:00:00' });
    const { router } = renderApp('/questions', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'Find your venue' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?slug=demo-bistro');
  });

  it('G2.27 a step of a venue this tab has not set up goes to that venue’s entry first', async () => {
    seedCheckin();
    const client = api();
    const { router } = renderApp('/check_in/find_venue?slug=demo-cafe&txSource=qr', client);
    await waitFor(() => expect(client.surveyConfig).toHaveBeenCalledWith('demo-cafe', 'en-gb'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/get_started'));
    expect(useGuestSession.getState()).toMatchObject({ slug: 'demo-cafe', urlParams: { txSource: 'qr' } });
  });

  it('G2.38 each step titles the page from its route meta', async () => {
    seedCheckin({ branchId: 1 });
    renderApp('/check_in/about_visit?slug=demo-bistro', api());
    await screen.findByRole('heading', { level: 1, name: 'About your visit' });
    await waitFor(() => expect(document.title).toBe('About your visit · Venue Voice'));
  });
});
