import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckinPath, type TransactionResponse } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { hardRedirect } from '../../platform/navigation';
import { useGuestSession } from '../../shared/session/session-store';
import { apiFailure, fakeApi, renderApp, testBranch, venueConfig } from '../../test/render-app';
import { checkinScreens } from './checkin-screens';

vi.mock(import('../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));
vi.mock(import('../../platform/log'), () => ({ logError: vi.fn() }));

const soho = testBranch(1, 'Demo Bistro Soho');
const manchester = testBranch(2, 'Demo Bistro Manchester');
const found = (over: Partial<TransactionResponse> = {}): TransactionResponse => ({
  pin: { pinCode: '123456', validData: true, dateTime: '2025-06-10 19:00:00', sourceType: null, error: null },
  transaction: {
    check: { covers: 2, subtotal: 42.5, avgSpentPerHead: 21.25, checkOpenTime: '2025-06-10 19:00:00' },
    checkOpenTime: '2025-06-10 19:00:00',
    menuItems: [],
  },
  branch: soho,
  transactionRef: '77',
  ...over,
});

beforeEach(async () => {
  vi.mocked(hardRedirect).mockClear();
  vi.mocked(logError).mockClear();
  useGuestSession.getState().reset();
  await setLanguage('en-gb');
});

describe('venue landing (G2 /:slug)', () => {
  it('announces loading, downloads the guest edges and branches, then welcomes by survey name', async () => {
    let answer: (value: ReturnType<typeof venueConfig>) => void = () => {};
    const api = fakeApi({
      surveyConfig: () => new Promise((resolve) => (answer = resolve)),
      surveyBranches: async () => [soho],
    });
    const { router } = renderApp('/demo-bistro', api);

    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer(venueConfig({ name: 'Demo Bistro' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check_in/get_started');
    expect(router.state.location.search).toBe('?slug=demo-bistro');
    expect(api.surveyConfig).toHaveBeenCalledWith('demo-bistro', 'en-gb');
    expect(api.surveyBranches).toHaveBeenCalledWith('demo-bistro', 'en-gb');
    await waitFor(() => expect(document.title).toBe('Welcome · Venue Voice'));
  });

  it("loads the first step's code before it navigates, so the router goes straight to the step", async () => {
    const load = checkinScreens[CheckinPath.GET_STARTED];
    const events: string[] = [];
    const spy = vi.spyOn(checkinScreens, CheckinPath.GET_STARTED).mockImplementation(async () => {
      const component = await load();
      events.push('screen loaded');
      return component;
    });
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ name: 'Demo Bistro' }),
      surveyBranches: async () => [soho],
    });
    const { router } = renderApp('/demo-bistro', api);
    router.subscribe((state) => events.push(`router ${state.navigation.state}`));

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Bistro' })).toBeInTheDocument();
    // The code is there before the navigation, which goes straight to the step (decision 0166).
    expect(events[0]).toBe('screen loaded');
    expect(events).not.toContain('router loading');
    spy.mockRestore();
  });

  it('G4.80 each setup starts a new check-in: what an earlier visit stored is gone', async () => {
    useGuestSession.getState().update({
      slug: 'demo-bistro',
      visitDateTime: '2025-01-01 12:00:00',
      guid: '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f',
      surveyInProgress: 1,
      tableNumber: '9',
    });
    const api = fakeApi({ surveyConfig: async () => venueConfig(), surveyBranches: async () => [soho] });
    renderApp('/demo-bistro?txSource=qr&utm_campaign=x', api);
    await screen.findByRole('heading', { name: 'Demo Bistro' });
    const session = useGuestSession.getState();
    expect(session).toMatchObject({
      slug: 'demo-bistro',
      branchId: 1,
      visitDateTime: null,
      guid: null,
      surveyInProgress: null,
      tableNumber: null,
      urlParams: { slug: 'demo-bistro', txSource: 'qr' },
    });
    expect(session.config?.surveys?.[0]?.name).toBe('Demo Bistro');
  });

  it('applies the survey branding to the whole page: colours and font as CSS variables, and the logo', async () => {
    const branding = {
      primaryColour: '#0B5D1E',
      accentColour: '#ffcc00',
      font: 'Lato',
      logoImage: 'https://cdn.example.com/logo.png',
    };
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ branding }),
      surveyBranches: async () => [soho],
    });
    renderApp('/demo-bistro', api);

    await screen.findByRole('heading', { name: 'Demo Bistro' });
    // One style sheet for the page (decision 0184): the consent banner and dialogs live outside the frame.
    const sheet = document.querySelector('style[data-venue-branding]')?.textContent ?? '';
    expect(sheet).toMatch(/^:root\{/);
    expect(sheet).toContain('--vv-primary:#0B5D1E;');
    expect(sheet).toContain('--vv-on-primary:#ffffff;');
    expect(sheet).toContain('--vv-font:"Lato", var(--vv-app-font);');
    const logo = within(screen.getByRole('banner')).getByRole('img', { name: 'Demo Bistro logo' });
    expect(logo).toHaveAttribute('src', 'https://cdn.example.com/logo.png');
  });

  it('names the venue in the header: the branch checked in at, with no logo when the survey has none', async () => {
    renderApp(
      '/demo-bistro',
      fakeApi({ surveyConfig: async () => venueConfig(), surveyBranches: async () => [soho] }),
    );
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(banner).toHaveTextContent('Demo Bistro Soho'));
    expect(banner).not.toHaveTextContent('Demo Hospitality Group');
    expect(within(banner).queryByRole('img')).not.toBeInTheDocument();
  });

  it("switches to the survey's language before its first screen (G1: templateLocale)", async () => {
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ templateLocale: 'de' }),
      surveyBranches: async () => [soho],
    });
    renderApp('/demo-bistro', api);
    expect(await screen.findByRole('button', { name: 'Los geht’s' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByText(/Danke für Ihren Besuch/)).toBeInTheDocument();
  });

  it.each([
    [{ tableNumberEntry: true }, '/check_in/guest_table_number_entry', 'What is your table number?'],
    [
      { eposEnabled: true, showPinScreen: true },
      '/check_in/guest_receipt_pin_entry',
      'Enter your receipt PIN',
    ],
    [{ eposEnabled: true, showPinScreen: false }, '/check_in/get_started', 'Demo Bistro'],
  ])('G2.17–G2.19 after config a survey %j starts at %s', async (flags, path, heading) => {
    const api = fakeApi({ surveyConfig: async () => venueConfig(flags), surveyBranches: async () => [soho] });
    const { router } = renderApp('/demo-bistro', api);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('PIN entry offers the venues the setup downloaded, without asking the server again', async () => {
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ eposEnabled: true, showPinScreen: true }),
      surveyBranches: async () => [manchester, soho],
    });
    renderApp('/demo-bistro', api);
    const venue = await screen.findByRole('combobox', { name: 'Where did you visit?' });
    expect(venue).toBeEnabled();
    expect(screen.getByRole('option', { name: 'Demo Bistro Soho' })).toBeInTheDocument();
    expect(api.surveyBranches).toHaveBeenCalledTimes(1);
  });

  it('a second visit to the address downloads the venues again (G4.80: a new setup)', async () => {
    let venues = [manchester, soho];
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ eposEnabled: true, showPinScreen: true }),
      surveyBranches: async () => venues,
    });
    const { router } = renderApp('/demo-bistro', api);
    await screen.findByRole('option', { name: 'Demo Bistro Soho' });
    venues = [manchester, testBranch(3, 'Demo Bistro Leeds')];
    await router.navigate('/demo-bistro');
    expect(await screen.findByRole('option', { name: 'Demo Bistro Leeds' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Demo Bistro Soho' })).not.toBeInTheDocument();
    expect(api.surveyBranches).toHaveBeenCalledTimes(2);
  });

  it.each(['/demo-bistro/123456?checkId=9', '/demo-bistro/PIN/123456', '/demo-bistro?pin=123456'])(
    'G2.20 a link with a PIN (%s) looks the order up at once and skips PIN entry',
    async (path) => {
      const api = fakeApi({
        surveyConfig: async () => venueConfig({ eposEnabled: true, showPinScreen: true }),
        surveyBranches: async () => [soho],
        surveyTransaction: async () => found(),
      });
      const { router } = renderApp(path, api);
      expect(await screen.findByRole('heading', { name: 'Demo Bistro' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/check_in/get_started');
      expect(api.surveyTransaction).toHaveBeenCalledWith(
        'demo-bistro',
        'en-gb',
        expect.objectContaining({ branchId: 1, templateId: 1, pinType: 'pin', pin: '123456', date: 'now' }),
      );
      expect(useGuestSession.getState()).toMatchObject({ transactionRef: '77', pin: { pinCode: '123456' } });
    },
  );

  it('G2.16 with the digital receipt on, a link whose order has items opens the receipt', async () => {
    const withItems = found();
    withItems.transaction?.menuItems.push({
      menuItemObjectNumber: '1',
      menuItemName: 'Soup of the day',
      type: 1,
      majorGroupId: null,
      majorGroupName: null,
      familyGroupId: null,
      familyGroupName: null,
    });
    const api = fakeApi({
      surveyConfig: async () =>
        venueConfig({ eposEnabled: true, showPinScreen: true }, { features: { digitalReceipt: true } }),
      surveyBranches: async () => [soho],
      surveyTransaction: async () => withItems,
    });
    const { router } = renderApp('/demo-bistro/123456', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your receipt' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check_in/digital_receipt');
  });

  it('a link PIN that finds nothing opens PIN entry with the result shown', async () => {
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ eposEnabled: true, showPinScreen: true }),
      surveyBranches: async () => [soho],
      surveyTransaction: async () =>
        found({
          pin: {
            pinCode: '999999',
            validData: false,
            dateTime: null,
            sourceType: null,
            error: 'NO-TRANSACTION-DATA',
          },
          transaction: null,
          transactionRef: null,
        }),
    });
    renderApp('/demo-bistro/999999', api);
    const input = await screen.findByRole('textbox', { name: 'Receipt PIN' });
    expect(input).toHaveValue('999999');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('No transaction data available for the PIN'),
    );
  });

  it('hard-redirects an unknown slug to /error-404 and logs it (G8 badSlug)', async () => {
    renderApp(
      '/no-such-venue',
      fakeApi({
        surveyConfig: async () => Promise.reject(apiFailure(404, 10013)),
        surveyBranches: async () => Promise.reject(apiFailure(404, 10013)),
      }),
    );
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(logError).toHaveBeenCalledWith('Bad survey tag used', { slug: 'no-such-venue' });
  });

  it('G2.21 hard-redirects when the slug has no survey behind it', async () => {
    renderApp(
      '/empty',
      fakeApi({ surveyConfig: async () => ({ surveys: [] }), surveyBranches: async () => [soho] }),
    );
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(logError).toHaveBeenCalledWith('Bad survey tag used', expect.anything());
  });

  it('G2.39 a branchId that is not one of the slug’s branches leads to /error-404', async () => {
    renderApp(
      '/demo-bistro?branchId=7',
      fakeApi({ surveyConfig: async () => venueConfig(), surveyBranches: async () => [soho] }),
    );
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(logError).toHaveBeenCalledWith('Bad survey tag used', { slug: 'demo-bistro' });
  });

  it('hard-redirects an address that breaks the pattern (/:slug/xyz/:value)', async () => {
    const api = fakeApi();
    renderApp('/demo-bistro/xyz/1', api);
    await waitFor(() => expect(hardRedirect).toHaveBeenCalledWith('/error-404'));
    expect(api.surveyConfig).not.toHaveBeenCalled();
  });

  it('offers a retry when the server fails, without leaving the page', async () => {
    let calls = 0;
    const api = fakeApi({
      surveyConfig: async () => {
        calls += 1;
        if (calls === 1) throw apiFailure(500, 10001);
        return venueConfig();
      },
      surveyBranches: async () => [soho],
    });
    renderApp('/demo-bistro', api);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There was a problem with the server response');
    expect(hardRedirect).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Demo Bistro' })).toBeInTheDocument();
  });
});
