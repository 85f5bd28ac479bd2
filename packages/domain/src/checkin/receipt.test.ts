import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EposItem } from '../schemas/menu';
import type { Transaction } from '../schemas/transaction';
import { receiptOf } from './receipt';

const item = (name: string, price?: number | null): EposItem => ({
  menuItemObjectNumber: name,
  menuItemName: name,
  type: 1,
  majorGroupId: null,
  majorGroupName: null,
  familyGroupId: null,
  familyGroupName: null,
  ...(price === undefined ? {} : { price }),
});
const order = (items: EposItem[], check: Partial<Transaction['check']> = {}): Transaction => ({
  check: {
    covers: 2,
    subtotal: 71.5,
    avgSpentPerHead: 35.75,
    checkOpenTime: '2025-06-10 19:00:00',
    ...check,
  },
  checkOpenTime: '2025-06-10 19:00:00',
  menuItems: items,
});

describe('digital receipt (G2.44)', () => {
  it('G2.44 every label from the transaction: lines with prices, discount, service charge, server, table, total', () => {
    const receipt = receiptOf(
      order([item('Tomato soup', 9), item('Cola', 4.5)], {
        discount: 7.15,
        serviceCharge: 8.04,
        server: ' Priya ',
        tableNumber: '7',
      }),
      null,
    );
    expect(receipt).toEqual({
      lines: [
        { description: 'Tomato soup', price: 9 },
        { description: 'Cola', price: 4.5 },
      ],
      discount: 7.15,
      serviceCharge: 8.04,
      server: 'Priya',
      tableNumber: '7',
      total: 72.39,
    });
  });

  it.each([
    [
      'nothing sent',
      {},
      null,
      { discount: null, serviceCharge: null, server: null, tableNumber: null, total: 71.5 },
    ],
    [
      'nulls sent',
      { discount: null, serviceCharge: null, server: null, tableNumber: null },
      ' ',
      { discount: null, serviceCharge: null, server: null, tableNumber: null, total: 71.5 },
    ],
    ['blank server and table', { server: '  ', tableNumber: '' }, null, { server: null, tableNumber: null }],
    ['the typed table when the check has none', {}, ' 12 ', { tableNumber: '12' }],
    ["the check's table over the typed one", { tableNumber: '7' }, '12', { tableNumber: '7' }],
    ['a service charge alone', { serviceCharge: 12 }, null, { total: 83.5 }],
    ['a discount alone', { discount: 1.5 }, null, { total: 70 }],
  ] as const)('G2.44 %s', (_name, check, typed, expected) => {
    expect(receiptOf(order([item('Soup')], check), typed)).toMatchObject(expected);
  });

  it('G2.44 a total that comes to nothing is 0, never −0 (it would show as "-£0.00")', () => {
    const { total } = receiptOf(
      order([], { subtotal: 9999.93, discount: 9999.95, serviceCharge: 0.02 }),
      null,
    );
    expect(Object.is(total, 0)).toBe(true);
  });

  it('G2.44 a line without a price has price null', () => {
    expect(receiptOf(order([item('Soup'), item('Bread', null)]), null).lines).toEqual([
      { description: 'Soup', price: null },
      { description: 'Bread', price: null },
    ]);
  });

  it('G2.44 the total is in whole pence: subtotal − discount + service charge (property)', () => {
    const pence = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(pence, pence, pence, (subtotal, discount, service) => {
        const { total } = receiptOf(
          order([], { subtotal: subtotal / 100, discount: discount / 100, serviceCharge: service / 100 }),
          null,
        );
        expect(Math.round(total * 100)).toBe(subtotal - discount + service);
        expect(total).toBe(Math.round(total * 100) / 100);
      }),
    );
  });
});
