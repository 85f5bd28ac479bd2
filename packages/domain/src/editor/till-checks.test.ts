import { describe, expect, it } from 'vitest';
import { EposProductType } from '../enums';
import { encodeInboxCursor } from '../reports/inbox';
import type { EposItem } from '../schemas/menu';
import { checkTillChecksQuery, receiptDishes, type TillChecksQuery } from './till-checks';

const line = (ref: string, name: string, type: EposProductType): EposItem => ({
  menuItemObjectNumber: ref,
  menuItemName: name,
  type,
  majorGroupId: null,
  majorGroupName: null,
  familyGroupId: null,
  familyGroupName: null,
});

const faultsOf = (query: TillChecksQuery) => {
  const checked = checkTillChecksQuery(query);
  return 'faults' in checked ? checked.faults.map((f) => `${f.field}${f.missing ? ' (missing)' : ''}`) : [];
};

describe('till checks query', () => {
  const cursor = encodeInboxCursor({ visitDatetime: '2026-06-14T18:05:00.000000Z', id: 41 });

  it('O15.45 a branch alone: the newest 20 checks of the branch', () => {
    expect(checkTillChecksQuery({ branchId: '3' })).toEqual({
      filter: { branchId: 3, from: null, to: null, q: null, cursor: null, limit: 20 },
    });
  });

  it('O15.45 days, a trimmed search, a cursor this call gave and a limit are kept', () => {
    expect(
      checkTillChecksQuery({
        branchId: '1',
        from: '2026-06-01',
        to: '2026-06-30',
        q: ' T-12 ',
        cursor,
        limit: '50',
      }),
    ).toEqual({
      filter: {
        branchId: 1,
        from: '2026-06-01',
        to: '2026-06-30',
        q: 'T-12',
        cursor: { openedKey: '2026-06-14T18:05:00.000000Z', id: 41 },
        limit: 50,
      },
    });
  });

  it.each<[string, TillChecksQuery, string[]]>([
    ['no branch is missing', {}, ['branchId (missing)']],
    ['a branch that is no id', { branchId: '01' }, ['branchId']],
    ['a day that is none', { branchId: '1', from: '2026-02-30' }, ['from']],
    ['to before from', { branchId: '1', from: '2026-06-02', to: '2026-06-01' }, ['to']],
    ['a blank search', { branchId: '1', q: '   ' }, ['q']],
    ['a search of 65 characters', { branchId: '1', q: 'x'.repeat(65) }, ['q']],
    ['a control character', { branchId: '1', q: 'a\u0000b' }, ['q']],
    ['a cursor no page gave', { branchId: '1', cursor: 'abc' }, ['cursor']],
    [
      "the inbox's cursor (a visit time, not an open time)",
      { branchId: '1', cursor: encodeInboxCursor({ visitDatetime: '2026-06-14 19:00:00', id: 3 }) },
      ['cursor'],
    ],
    ['a limit of 0', { branchId: '1', limit: '0' }, ['limit']],
    ['a limit of 51', { branchId: '1', limit: '51' }, ['limit']],
    ['every fault at once', { branchId: 'x', limit: '99', q: '' }, ['branchId', 'limit']],
  ])('O15.45 refuses %s', (_, query, fields) => {
    expect(faultsOf(query)).toEqual(fields);
  });
});

describe('receipt dishes', () => {
  const check = {
    menuItems: [
      line('1001', 'Tomato soup', EposProductType.FOOD),
      line('2001', 'Cola', EposProductType.DRINK),
      line('1002', 'Beef burger', EposProductType.FOOD),
      line('1001', 'Tomato soup', EposProductType.FOOD),
    ],
  };

  it("O15.46 a question of one menu type asks about the check's lines of that type, each product once", () => {
    expect(receiptDishes({ menuType: EposProductType.FOOD }, check)).toEqual([
      { ref: '1001', name: 'Tomato soup' },
      { ref: '1002', name: 'Beef burger' },
    ]);
    expect(receiptDishes({ menuType: EposProductType.DRINK }, check)).toEqual([
      { ref: '2001', name: 'Cola' },
    ]);
    expect(receiptDishes({ menuType: EposProductType.OTHER }, check)).toEqual([]);
  });

  it('O15.46 a question of no menu type asks about every line; no receipt, no dishes', () => {
    expect(receiptDishes({ menuType: null }, check).map((dish) => dish.name)).toEqual([
      'Tomato soup',
      'Cola',
      'Beef burger',
    ]);
    expect(receiptDishes({ menuType: null }, null)).toEqual([]);
  });
});
