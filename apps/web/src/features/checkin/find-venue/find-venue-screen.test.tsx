import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPosition, LocationError } from '../../../platform/geolocation';
import { setLanguage } from '../../../platform/i18n';
import { fakeApi, renderApp, testBranch, venueConfig } from '../../../test/render-app';
import { seedCheckin, session } from '../test-support';

vi.mock(import('../../../platform/geolocation'), async (original) => ({
  ...(await original()),
  currentPosition: vi.fn(),
}));
vi.mock(import('../../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));

const soho = testBranch(1, 'Demo Bistro Soho');
const manchester = testBranch(2, 'Demo Bistro Manchester');
const MANCHESTER = { latitude: 53.4808, longitude: -2.2426 };

const api = () =>
  fakeApi({
    surveyBranches: async (_slug, _language, near) =>
      near
        ? [
            { ...manchester, distance: 650 },
            { ...soho, distance: 262_700 },
          ]
        : [manchester, soho],
  });

beforeEach(async () => {
  vi.mocked(currentPosition).mockReset();
  seedCheckin();
  await setLanguage('en-gb');
});

describe('find venue (G2 /check_in/find_venue)', () => {
  it('lists the survey’s venues; choosing one stores it and the domain sends the guest on (G2.24)', async () => {
    const { router } = renderApp('/check_in/find_venue?slug=demo-bistro', api());
    const list = await screen.findByRole('list', { name: 'All venues' });
    const choices = within(list).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Demo Bistro Manchester2 High Street',
      'Demo Bistro Soho1 High Street',
    ]);
    await userEvent.click(choices[1] as HTMLElement);
    expect(session().branchId).toBe(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/about_visit'));
  });

  it('G2.25 with the visit known, choosing the venue starts the survey: guid, start time, /questions', async () => {
    seedCheckin({ urlParams: { slug: 'demo-bistro', noVisit: '' } });
    const { router } = renderApp('/check_in/find_venue?slug=demo-bistro', api());
    await userEvent.click(await screen.findByRole('button', { name: /Demo Bistro Soho/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions'));
    expect(session()).toMatchObject({ branchId: 1, surveyInProgress: 1 });
    expect(session().guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(session().startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(session().visitDateTime).toBe(session().startTime);
  });

  it('"Use my location" lists the venues nearest first with their distance in miles', async () => {
    vi.mocked(currentPosition).mockResolvedValue(MANCHESTER);
    const client = api();
    const { router } = renderApp('/check_in/find_venue?slug=demo-bistro', client);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));

    const list = await screen.findByRole('list', { name: 'Venues near you' });
    expect(router.state.location.pathname).toBe('/check_in/list_nearby_locations');
    expect(router.state.location.search).toBe('?slug=demo-bistro');
    expect(client.surveyBranches).toHaveBeenCalledWith('demo-bistro', 'en-gb', MANCHESTER);
    const [nearest, farthest] = within(list).getAllByRole('button');
    expect(nearest).toHaveTextContent(/^Demo Bistro Manchester.*0\.4 mi away$/);
    expect(farthest).toHaveTextContent(/163 mi away$/);
    await userEvent.click(nearest as HTMLElement);
    expect(session().branchId).toBe(2);
  });

  it('shows distances in kilometres on a German survey', async () => {
    seedCheckin({ config: venueConfig({ templateLocale: 'de' }) });
    vi.mocked(currentPosition).mockResolvedValue(MANCHESTER);
    renderApp('/check_in/find_venue?slug=demo-bistro', api());
    await userEvent.click(await screen.findByRole('button', { name: 'Meinen Standort verwenden' }));
    const list = await screen.findByRole('list', { name: 'Lokale in Ihrer Nähe' });
    expect(within(list).getAllByRole('button')[0]).toHaveTextContent(/0,7\skm entfernt$/);
  });

  it.each([
    ['denied', 'You chose not to share your location. Please pick your venue from the list instead.'],
    ['unsupported', 'This browser cannot share your location. Please pick your venue from the list instead.'],
  ] as const)('location %s: a clear message, and the list still works', async (problem, message) => {
    vi.mocked(currentPosition).mockRejectedValue(new LocationError(problem));
    const { router } = renderApp('/check_in/find_venue?slug=demo-bistro', api());
    const button = await screen.findByRole('button', { name: 'Use my location' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(button).toHaveAccessibleDescription(message);
    expect(router.state.location.pathname).toBe('/check_in/find_venue');
    await userEvent.click(screen.getByRole('button', { name: /Demo Bistro Manchester/ }));
    expect(session().branchId).toBe(2);
  });

  it('the nearby list opened without a position asks for one first, and can show all venues', async () => {
    const { router } = renderApp('/check_in/list_nearby_locations?slug=demo-bistro', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'Venues near you' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use my location' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all venues' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/find_venue'));
  });
});
