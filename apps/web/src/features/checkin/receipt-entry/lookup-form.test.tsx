import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PinResult, TransactionResponse } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebApi } from '../../../platform/api';
import { setLanguage } from '../../../platform/i18n';
import { apiFailure, fakeApi, renderApp, testBranch, venueConfig } from '../../../test/render-app';
import { seedCheckin, session } from '../test-support';

vi.mock(import('../../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));

const PIN = '/check_in/guest_receipt_pin_entry?slug=demo-bistro';
const TABLE = '/check_in/guest_table_number_entry?slug=demo-cafe';
const soho = testBranch(1, 'Demo Bistro Soho');
const manchester = testBranch(2, 'Demo Bistro Manchester');

const order: TransactionResponse = {
  pin: { pinCode: '123456', validData: true, dateTime: '2025-06-10 19:00:00', sourceType: null, error: null },
  transaction: {
    check: { covers: 2, subtotal: 42.5, avgSpentPerHead: 21.25, checkOpenTime: '2025-06-10 19:00:00' },
    checkOpenTime: '2025-06-10 19:00:00',
    menuItems: [],
  },
  branch: soho,
  transactionRef: '77',
};
const miss = (error: PinResult): TransactionResponse => ({
  pin: { pinCode: 'x', validData: false, dateTime: null, sourceType: null, error },
  transaction: null,
  branch: soho,
  transactionRef: null,
});

const bistro = () =>
  seedCheckin({ branchId: 1, config: venueConfig({ eposEnabled: true, showPinScreen: true }) });

beforeEach(async () => {
  bistro();
  await setLanguage('en-gb');
});

const pinInput = () => screen.findByRole('textbox', { name: 'Receipt PIN' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('receipt PIN entry (G2, G8)', () => {
  it('asks for the PIN before looking anything up', async () => {
    const api = fakeApi();
    renderApp(PIN, api);
    const input = await pinInput();
    expect(input).toHaveAccessibleDescription('You will find it printed at the bottom of your receipt.');
    await submit();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Required'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.surveyTransaction).not.toHaveBeenCalled();
  });

  it('shows the loading modal with its message while the order downloads, then stores it and goes on', async () => {
    let answer: (value: TransactionResponse) => void = () => {};
    const api = fakeApi({ surveyTransaction: () => new Promise((resolve) => (answer = resolve)) });
    const { router } = renderApp(PIN, api);
    await userEvent.type(await pinInput(), '123456');
    await submit();

    const modal = await screen.findByRole('dialog', { name: 'Finding your order' });
    expect(modal).toHaveAccessibleDescription(
      'We are downloading your order details. This can take a few seconds on a slow connection.',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(api.surveyTransaction).toHaveBeenCalledWith(
      'demo-bistro',
      'en-gb',
      expect.objectContaining({ branchId: 1, templateId: 1, pinType: 'pin', pin: '123456', date: 'now' }),
    );

    answer(order);
    // The lookup's dateTime is the visit (G4.87), so the questions come next (G2.25).
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions'));
    expect(session()).toMatchObject({
      pin: order.pin,
      transaction: order.transaction,
      transactionRef: '77',
      branchId: 1,
      visitDateTime: '2025-06-10 19:00:00',
      surveyInProgress: 1,
    });
  });

  it.each([
    ['INVALID-PIN-LENGTH', 'The PIN was not the correct length'],
    ['INVALID-PIN', 'An invalid PIN was provided'],
    ['NO-TRANSACTION-DATA', 'No transaction data available for the PIN'],
    ['NO-ACCOUNT', 'An invalid PIN was provided (Error: 1)'],
    ['NO-BRANCH', 'An invalid PIN was provided (Error: 2)'],
    ['NO-COMPANY', 'An invalid PIN was provided (Error: 3)'],
  ] as const)('G8 the result %s reads "%s" and the guest stays to try again', async (result, text) => {
    const api = fakeApi({ surveyTransaction: async () => miss(result) });
    const { router } = renderApp(PIN, api);
    const input = await pinInput();
    await userEvent.type(input, '12345');
    await submit();
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(text)));
    expect(input).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/check_in/guest_receipt_pin_entry');
  });

  it('G4.88 a lookup without a result counts as an invalid PIN', async () => {
    const api = fakeApi({
      surveyTransaction: async () => ({
        ...miss('INVALID-PIN'),
        pin: { ...miss('INVALID-PIN').pin, error: null },
      }),
    });
    renderApp(PIN, api);
    const input = await pinInput();
    await userEvent.type(input, '111111');
    await submit();
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(expect.stringContaining('An invalid PIN was provided')),
    );
  });

  it('G4.83 a new lookup after a failure first clears the order an earlier lookup found', async () => {
    seedCheckin({
      branchId: 1,
      config: venueConfig({ eposEnabled: true, showPinScreen: true }),
      pin: order.pin,
      transaction: order.transaction,
      transactionRef: '77',
    });
    const seen: (string | null)[] = [];
    const calls = [miss('INVALID-PIN'), miss('INVALID-PIN')];
    const api = fakeApi({
      surveyTransaction: async () => {
        seen.push(session().transactionRef);
        return calls.shift() as TransactionResponse;
      },
    });
    renderApp(PIN, api);
    const input = await pinInput();
    await userEvent.type(input, '222222');
    await submit();
    await waitFor(() => expect(api.surveyTransaction).toHaveBeenCalledTimes(1));
    await submit();
    await waitFor(() => expect(api.surveyTransaction).toHaveBeenCalledTimes(2));
    expect(seen).toEqual(['77', null]);
    expect(session().transaction).toBeNull();
  });

  it('asks which venue when the check-in does not know it: a PIN is unique only within its venue', async () => {
    seedCheckin({ config: venueConfig({ eposEnabled: true, showPinScreen: true }) });
    const api: WebApi = fakeApi({
      surveyBranches: async () => [manchester, soho],
      surveyTransaction: async () => order,
    });
    renderApp(PIN, api);
    const venue = await screen.findByRole('combobox', { name: 'Where did you visit?' });
    await userEvent.type(await pinInput(), '123456');
    await submit();
    expect(venue).toHaveAccessibleDescription('Required');
    expect(api.surveyTransaction).not.toHaveBeenCalled();

    await userEvent.selectOptions(venue, 'Demo Bistro Soho');
    await submit();
    await waitFor(() =>
      expect(api.surveyTransaction).toHaveBeenCalledWith(
        'demo-bistro',
        'en-gb',
        expect.objectContaining({ branchId: 1 }),
      ),
    );
    await waitFor(() => expect(session().branchId).toBe(1));
  });

  it('offers a retry when the venues cannot be loaded', async () => {
    seedCheckin({ config: venueConfig({ eposEnabled: true, showPinScreen: true }) });
    let calls = 0;
    renderApp(
      PIN,
      fakeApi({
        surveyBranches: async () => {
          calls += 1;
          if (calls === 1) throw apiFailure(503, 10021);
          return [manchester, soho];
        },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem with the server response',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const venue = screen.getByRole('combobox', { name: 'Where did you visit?' });
    await waitFor(() => expect(venue).toBeEnabled());
    expect(screen.getByRole('option', { name: 'Demo Bistro Soho' })).toBeInTheDocument();
  });

  it('shows the server’s message when it is meant for the guest (G8 ui flag), else the generic one', async () => {
    const refused = Object.assign(apiFailure(400, 10009), {
      ui: true,
      message: 'That receipt cannot be read',
    });
    const api = fakeApi({ surveyTransaction: async () => Promise.reject(refused) });
    renderApp(PIN, api);
    await userEvent.type(await pinInput(), '123456');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('That receipt cannot be read');
  });

  it.each([
    ['en-gb', 840, 'Too many tries. Please try again in 14 minutes.'],
    ['en-gb', 30, 'Too many tries. Please try again in 1 minute.'],
  ] as const)(
    'after too many failed lookups (429, decision 0051) says when to try again: %s, %i s',
    async (language, seconds, text) => {
      await setLanguage(language);
      // The server's own message is English and not for the screen (ui false): never shown.
      const limited = Object.assign(apiFailure(429, 10021, 'Too many lookups found nothing'), {
        detail: { retryAfterSeconds: seconds },
      });
      renderApp(PIN, fakeApi({ surveyTransaction: async () => Promise.reject(limited) }));
      await userEvent.type(await pinInput(), '123456');
      await submit();
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      await setLanguage('en-gb');
    },
  );
});

describe('table number entry (G2, G5)', () => {
  const cafe = (eposEnabled: boolean) =>
    seedCheckin({
      slug: 'demo-cafe',
      urlParams: { slug: 'demo-cafe' },
      config: venueConfig({ slug: 'demo-cafe', name: 'Demo Cafe', tableNumberEntry: true, eposEnabled }),
    });

  it('G5.2 a table number must be a number', async () => {
    cafe(false);
    renderApp(TABLE, fakeApi());
    const input = await screen.findByRole('textbox', { name: 'Table number' });
    for (const value of ['', 'twelve', '1.5']) {
      await userEvent.clear(input);
      if (value) await userEvent.type(input, value);
      await submit();
      await waitFor(() =>
        expect(input).toHaveAccessibleDescription(
          expect.stringContaining('Please enter your table number so we can find your order'),
        ),
      );
    }
  });

  it('without EPOS the number is only recorded (no lookup), then the venue is asked for', async () => {
    cafe(false);
    const api = fakeApi();
    const { router } = renderApp(TABLE, api);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Table number' }), ' 12 ');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/find_venue'));
    expect(session().tableNumber).toBe('12');
    expect(api.surveyTransaction).not.toHaveBeenCalled();
  });

  it('with EPOS the table’s order is looked up, and a miss is worded for tables', async () => {
    cafe(true);
    setStoredBranch(1);
    const api = fakeApi({ surveyTransaction: async () => miss('NO-TRANSACTION-DATA') });
    renderApp(TABLE, api);
    const input = await screen.findByRole('textbox', { name: 'Table number' });
    await userEvent.type(input, '7');
    await submit();
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('No transaction data available for the table number'),
      ),
    );
    expect(api.surveyTransaction).toHaveBeenCalledWith(
      'demo-cafe',
      'en-gb',
      expect.objectContaining({ tableId: '7', branchId: 1 }),
    );
  });
});

function setStoredBranch(branchId: number) {
  session().update({ branchId });
}
