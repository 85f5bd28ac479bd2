import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EposItem, Transaction } from '@venue-voice/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../platform/i18n';
import { fakeApi, renderApp, venueConfig } from '../../../test/render-app';
import { seedCheckin } from '../test-support';
import { receiptOf } from './receipt';

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
const flag = (digitalReceipt: boolean) =>
  venueConfig({ eposEnabled: true, showPinScreen: true }, { features: { digitalReceipt } });

beforeEach(async () => {
  await setLanguage('en-gb');
});

describe('digital receipt (G2)', () => {
  it('shows the order with the receipt labels, money in GBP with two decimals', async () => {
    seedCheckin({
      config: flag(true),
      branchId: 1,
      tableNumber: '12',
      transaction: order([item('Soup of the day'), item('Fish and chips')]),
    });
    renderApp(PATH, fakeApi());
    const receipt = await screen.findByRole('table', { name: 'Your receipt' });
    const headers = within(receipt)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Description', 'Price']);
    expect(within(receipt).getByRole('cell', { name: 'Fish and chips' })).toBeInTheDocument();
    expect(within(receipt).getByRole('rowheader', { name: 'Table number' })).toBeInTheDocument();
    const total = within(receipt).getByRole('row', { name: /Total/ });
    expect(total).toHaveTextContent('Total£42.50');
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

  it('reads price, discount, service charge and server when the EPOS sends them', () => {
    const receipt = receiptOf(
      order([item('Soup', { price: 6.5 }), item('Bread')], {
        discount: 2,
        serviceCharge: 4.25,
        server: ' Sam ',
      }),
      '12',
    );
    expect(receipt).toEqual({
      lines: [
        { description: 'Soup', price: 6.5 },
        { description: 'Bread', price: null },
      ],
      discount: 2,
      serviceCharge: 4.25,
      server: 'Sam',
      tableNumber: '12',
      total: 42.5,
    });
    expect(receiptOf(order([]), ' ')).toMatchObject({
      discount: null,
      serviceCharge: null,
      server: null,
      tableNumber: null,
    });
  });
});
