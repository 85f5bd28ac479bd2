import { describe, expect, it } from 'vitest';
import { avgSpentPerHead, type MenuInput, menuProblems, menuSchema, tillCheckSchema } from './till';

const check = (extra: Record<string, unknown> = {}) => ({
  branchId: 1,
  checkId: 'CHK-1',
  openedAt: '2026-11-28T12:00:00Z',
  covers: 2,
  subtotal: 20,
  items: [{ menuItemObjectNumber: '1001', menuItemName: 'Soup', type: 1, price: 9, quantity: 1 }],
  ...extra,
});
const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('the till check (O12.x)', () => {
  it.each([
    ['O12.2 a 6-digit PIN', { pin: '123456' }, []],
    ['O12.2 a 5-digit PIN', { pin: '12345' }, ['pin']],
    ['O12.2 a PIN with letters', { pin: '12345a' }, ['pin']],
    ['O12.3 a table number', { tableId: '07' }, []],
    ['O12.3 a table number as a number', { tableId: 12 }, []],
    ['O12.3 a table that is no number', { tableId: 'A1' }, ['tableId']],
    ['O12.3 a table of 5 digits', { tableId: '12345' }, ['tableId']],
    ['openedAt without an offset', { openedAt: '2026-11-28 12:00:00' }, ['openedAt']],
    ['openedAt in year 0', { openedAt: '0000-01-01T00:00:00Z' }, ['openedAt']],
    ['a name holding NUL', { server: 'Sam\u0000' }, ['server']],
    ['a subtotal past numeric(12,2)', { subtotal: 99_999_999_999.999 }, ['subtotal']],
    ['negative covers', { covers: -1 }, ['covers']],
    [
      'a line of quantity 0',
      { items: [{ menuItemObjectNumber: '1', menuItemName: 'x', type: 1, price: 1, quantity: 0 }] },
      ['items.0.quantity'],
    ],
    [
      'a line of type 4',
      { items: [{ menuItemObjectNumber: '1', menuItemName: 'x', type: 4, price: 1, quantity: 1 }] },
      ['items.0.type'],
    ],
    ['an unknown field', { colour: 'red' }, ['']],
  ])('%s', (_name, extra, paths) => {
    expect(pathsOf(tillCheckSchema.safeParse(check(extra)))).toEqual(paths);
  });

  it('O12.3 a table is stored as the guest looks it up; O12.8 numeric ids become text; open by default', () => {
    const parsed = tillCheckSchema.parse(check({ tableId: ' 007 ', checkId: 42 }));
    expect(parsed).toMatchObject({
      tableId: '7',
      checkId: '42',
      open: true,
      openedAt: '2026-11-28T12:00:00.000Z',
    });
    expect(tillCheckSchema.parse(check({ openedAt: '2026-11-28T13:00:00+01:00' })).openedAt).toBe(
      '2026-11-28T12:00:00.000Z',
    );
  });

  it.each([
    [71.5, 2, 35.75],
    [10, 3, 3.33],
    [10, 0, 0],
  ])('O12.7 %d over %d covers is %d a head', (subtotal, covers, expected) => {
    expect(avgSpentPerHead(subtotal, covers)).toBe(expected);
  });
});

const menu = (extra: Partial<MenuInput> = {}): MenuInput => ({
  majorGroups: [{ ref: '100', name: 'Starters' }],
  familyGroups: [{ ref: '11', name: 'Soups', weight: 40 }],
  products: [{ ref: '1001', name: 'Tomato soup', type: 1, majorGroupRef: '100', familyGroupRef: '11' }],
  ...extra,
});

describe('the menu (O12.4)', () => {
  it.each([
    ['a whole menu', menu(), []],
    [
      'no groups at all',
      menu({ majorGroups: [], familyGroups: [], products: [{ ref: '1', name: 'x', type: 3 }] }),
      [],
    ],
    [
      'a product ref twice',
      menu({
        products: [
          { ref: '1', name: 'a', type: 1 },
          { ref: '1', name: 'b', type: 1 },
        ],
      }),
      ['products.1.ref'],
    ],
    [
      'a major group ref twice',
      menu({
        majorGroups: [
          { ref: '1', name: 'a' },
          { ref: '1', name: 'b' },
        ],
        products: [],
      }),
      ['majorGroups.1.ref'],
    ],
    [
      'a product of a major group not in the body',
      menu({ products: [{ ref: '1', name: 'a', type: 1, majorGroupRef: '999' }] }),
      ['products.0.majorGroupRef'],
    ],
    [
      'a product of a family group not in the body',
      menu({ products: [{ ref: '1', name: 'a', type: 1, familyGroupRef: '999' }] }),
      ['products.0.familyGroupRef'],
    ],
    [
      'a major group named misc…',
      menu({ majorGroups: [{ ref: 'misc1', name: 'x' }], products: [] }),
      ['majorGroups.0.ref'],
    ],
  ])('%s', (_name, body, paths) => {
    expect(pathsOf(menuSchema.safeParse(body))).toEqual(paths);
    expect(
      menuProblems(menuSchema.safeParse(body).data ?? (body as never)).map((p) => p.path.join('.')),
    ).toEqual(paths);
  });
});
