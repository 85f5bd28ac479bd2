import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EposItem, Transaction } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../platform/i18n';
import { fakeApi, renderApp, venueConfig } from '../../../test/render-app';
import { seedCheckin } from '../test-support';

vi.mock(import('../../../platform/navigation'), async (original) => ({
  ...(await original()),
  hardRedirect: vi.fn(),
}));

const PATH = '/check_in/digital_receipt?slug=demo-bistro';
const item = (name: string, extra: object = {}): EposItem =>
  ({
    menuItemObjectNumber: name,
    menuItemName: name,
    type: 1,
    majorGroupId: null,
    majorGroupName: null,
    familyGroupId: null,
    familyGroupName: null,
    ...extra,
  }) as EposItem;
const order = (items: EposItem[], check: object = {}): Transaction => ({
  check: {
    covers: 2,
    subtotal: 42.5,
    avgSpentPerHead: 21.25,
    checkOpenTime: '2025-06-10 19:00:00',
    ...check,
  },
  checkOpenTime: '2025-06-10 19:00:00',
  menuItems: items,
});
const flag = (digitalReceipt: boolean, templateLocale: 'en-gb' | 'de' = 'en-gb') =>
  venueConfig({ eposEnabled: true, showPinScreen: true, templateLocale }, { features: { digitalReceipt } });

beforeEach(async () => {
  await setLanguage('en-gb');
});

describe('digital receipt (G2, G2.44)', () => {
  it('flag on: every label of the spec from the transaction, money in GBP with two decimals', async () => {
    seedCheckin({
      config: flag(true),
      branchId: 1,
      transaction: order([item('Tomato soup', { price: 9 }), item('Cola', { price: 4.5 })], {
        subtotal: 71.5,
        discount: 7.15,
        serviceCharge: 8.04,
        server: 'Priya',
        tableNumber: '7',
      }),
    });
    renderApp(PATH, fakeApi());
    await screen.findByRole('heading', { level: 1, name: 'Your receipt' });
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Table number', 'Server']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['7', 'Priya']);

    const receipt = screen.getByRole('table', { name: 'Your receipt' });
    const headers = within(receipt)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Description', 'Price']);
    expect(within(receipt).getByRole('row', { name: 'Tomato soup £9.00' })).toBeInTheDocument();
    expect(within(receipt).getByRole('row', { name: 'Cola £4.50' })).toBeInTheDocument();
    expect(within(receipt).getByRole('row', { name: /Discount/ })).toHaveTextContent('Discount-£7.15');
    expect(within(receipt).getByRole('row', { name: /Service charge/ })).toHaveTextContent(
      'Service charge£8.04',
    );
    // 71.50 − 7.15 + 8.04
    expect(within(receipt).getByRole('row', { name: /Total/ })).toHaveTextContent('Total£72.39');
  });

  it('the table the guest typed when the check has none; what the till did not send is left out', async () => {
    seedCheckin({
      config: flag(true),
      branchId: 1,
      tableNumber: '12',
      transaction: order([item('Soup of the day'), item('Fish and chips')]),
    });
    renderApp(PATH, fakeApi());
    const receipt = await screen.findByRole('table', { name: 'Your receipt' });
    expect(screen.getByRole('term')).toHaveTextContent('Table number');
    expect(screen.getByRole('definition')).toHaveTextContent('12');
    // No line has a price: no empty price column.
    expect(
      within(receipt)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Description']);
    expect(within(receipt).queryByRole('row', { name: /Discount|Service charge/ })).not.toBeInTheDocument();
    expect(within(receipt).getByRole('row', { name: /Total/ })).toHaveTextContent('Total£42.50');
  });

  it("German: the labels and money in the guest's language", async () => {
    await setLanguage('de');
    seedCheckin({
      config: flag(true, 'de'),
      branchId: 1,
      transaction: order([item('Suppe', { price: 9 })], { discount: 1, serviceCharge: 2, server: 'Sam' }),
    });
    renderApp(PATH, fakeApi());
    const receipt = await screen.findByRole('table', { name: 'Ihr Beleg' });
    expect(
      within(receipt)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Beschreibung', 'Preis']);
    expect(within(receipt).getByRole('row', { name: /Rabatt/ })).toBeInTheDocument();
    expect(within(receipt).getByRole('row', { name: /Servicegebühr/ })).toBeInTheDocument();
    expect(within(receipt).getByRole('row', { name: /Gesamt/ })).toHaveTextContent('43,50 £');
    expect(screen.getByRole('term')).toHaveTextContent('Bedienung');
  });

  it('behind the feature flag: off, the step passes on to the next one', async () => {
    seedCheckin({ config: flag(false), branchId: 1, transaction: order([item('Soup')]) });
    const { router } = renderApp(PATH, fakeApi());
    // Next is the visit time: the order came without one.
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/about_visit'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Continue goes where the domain says: the venue is still needed here', async () => {
    seedCheckin({ config: flag(true), transaction: order([item('Soup')]), pin: null });
    const { router } = renderApp(PATH, fakeApi());
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/check_in/find_venue'));
  });
});
