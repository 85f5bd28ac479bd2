import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PinResult, TransactionResponse } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../../shared/session/session-store';
import { apiFailure, fakeApi, renderApp, testBranch, venueConfig } from '../../../test/render-app';
import { seedCheckin } from '../test-support';

vi.mock(import('../../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));

/**
 * Issue 26 items 1 and 2: a receipt or table whose order a response already rates is said at check-in
 * (409 10031, decision 0174), and every table-number result of the catalogue reads in table wording
 * (decision 0175).
 */

const PIN = '/check_in/guest_receipt_pin_entry?slug=demo-bistro';
const TABLE = '/check_in/guest_table_number_entry?slug=demo-table';
const soho = testBranch(1, 'Demo Bistro Soho');
/** survey.transaction's refusal of a used receipt, as the client throws it (G8: meant for the screen). */
const used = () =>
  Object.assign(apiFailure(409, 10031), {
    ui: true,
    message: 'This receipt has already been used for feedback',
  });
const miss = (error: PinResult): TransactionResponse => ({
  pin: { pinCode: 'x', validData: false, dateTime: null, sourceType: null, error },
  transaction: null,
  branch: soho,
  transactionRef: null,
});
const tableSurvey = () =>
  seedCheckin({
    slug: 'demo-table',
    urlParams: { slug: 'demo-table' },
    branchId: 1,
    config: venueConfig({ slug: 'demo-table', tableNumberEntry: true, eposEnabled: true }),
  });

beforeEach(async () => {
  useGuestSession.getState().reset();
  await setLanguage('en-gb');
});

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('a receipt already used (409 10031, decision 0174)', () => {
  it.each([
    ['pin', PIN, 'Receipt PIN', '123456', 'This receipt has already been used for feedback'],
    ['table', TABLE, 'Table number', '12', 'The order at this table has already been used for feedback'],
  ] as const)(
    '%s: said on the field at check-in; the guest stays to try another',
    async (kind, path, label, value, text) => {
      if (kind === 'pin')
        seedCheckin({ branchId: 1, config: venueConfig({ eposEnabled: true, showPinScreen: true }) });
      else tableSurvey();
      const api = fakeApi({ surveyTransaction: async () => Promise.reject(used()) });
      const { router } = renderApp(path, api);
      const input = await screen.findByRole('textbox', { name: label });
      await userEvent.type(input, value);
      await submit();
      await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(text)));
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveFocus();
      // Not the generic server problem: the field says what is wrong.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path.split('?')[0]);
      expect(useGuestSession.getState().transactionRef).toBeNull();
    },
  );

  it('in German', async () => {
    await setLanguage('de');
    seedCheckin({
      branchId: 1,
      config: venueConfig({ eposEnabled: true, showPinScreen: true, templateLocale: 'de' }),
    });
    renderApp(PIN, fakeApi({ surveyTransaction: async () => Promise.reject(used()) }));
    const input = await screen.findByRole('textbox', { name: 'Beleg-PIN' });
    await userEvent.type(input, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('Dieser Beleg wurde bereits für ein Feedback verwendet'),
      ),
    );
  });

  it('a PIN link to a used receipt opens PIN entry with that said, not a server problem with a retry', async () => {
    const api = fakeApi({
      surveyConfig: async () => venueConfig({ eposEnabled: true, showPinScreen: true }),
      surveyBranches: async () => [soho],
      surveyTransaction: async () => Promise.reject(used()),
    });
    const { router } = renderApp('/demo-bistro/123456', api);
    const input = await screen.findByRole('textbox', { name: 'Receipt PIN' });
    expect(router.state.location.pathname).toBe('/check_in/guest_receipt_pin_entry');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('This receipt has already been used for feedback'),
    );
  });
});

describe('table numbers looked up (demo-table: EPOS and table entry)', () => {
  it.each([
    ['INVALID-PIN-LENGTH', 'The table number was not the correct length'],
    ['INVALID-PIN', 'An invalid table number was provided'],
    ['NO-TRANSACTION-DATA', 'No transaction data available for the table number'],
    ['NO-ACCOUNT', 'An invalid table number was provided (Error: 1)'],
    ['NO-BRANCH', 'An invalid table number was provided (Error: 2)'],
    ['NO-COMPANY', 'An invalid table number was provided (Error: 3)'],
  ] as const)('G8 the table result %s reads "%s"', async (result, text) => {
    tableSurvey();
    const api = fakeApi({ surveyTransaction: async () => miss(result) });
    renderApp(TABLE, api);
    const input = await screen.findByRole('textbox', { name: 'Table number' });
    await userEvent.type(input, '12345');
    await submit();
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(text)));
    expect(api.surveyTransaction).toHaveBeenCalledWith(
      'demo-table',
      'en-gb',
      expect.objectContaining({ tableId: '12345', branchId: 1 }),
    );
  });
});
