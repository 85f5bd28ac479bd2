import { describe, expect, it } from 'vitest';
import { compareText, DEFAULT_MENU_ORDER, parseMenuOrder, sortMenuItems } from './ordering';

describe('D7 menu ordering', () => {
  it('family groups: weight descending, then name', () => {
    const items = [
      { id: 1, name: 'Starters', weight: 10 },
      { id: 2, name: 'Desserts', weight: 50 },
      { id: 3, name: 'Bar', weight: 10 },
      { id: 4, name: 'mains', weight: 50 },
    ];
    const sorted = sortMenuItems(items, DEFAULT_MENU_ORDER.family_groups);
    expect(sorted.map((i) => i.name)).toEqual(['Desserts', 'mains', 'Bar', 'Starters']);
  });

  it('major groups: by name, case-insensitive', () => {
    const items = [
      { id: 1, name: 'wine' },
      { id: 2, name: 'Beer' },
      { id: 3, name: 'food' },
    ];
    expect(sortMenuItems(items, DEFAULT_MENU_ORDER.major_groups).map((i) => i.name)).toEqual([
      'Beer',
      'food',
      'wine',
    ]);
  });

  it('products: major_group_ref then name, products with no major group last', () => {
    const items = [
      { id: 1, name: 'Zucchini', major_group_ref: 'M1' },
      { id: 2, name: 'Lemonade', major_group_ref: null },
      { id: 3, name: 'Apple pie', major_group_ref: 'M2' },
      { id: 4, name: 'Burger', major_group_ref: 'M1' },
      { id: 5, name: 'Cola', major_group_ref: 'miscF7' },
    ];
    expect(sortMenuItems(items, DEFAULT_MENU_ORDER.products).map((i) => i.id)).toEqual([4, 1, 3, 5, 2]);
  });

  it('equal keys fall back to id so pages are stable', () => {
    const items = [
      { id: 9, name: 'Same' },
      { id: 2, name: 'Same' },
      { id: 5, name: 'Same' },
    ];
    expect(sortMenuItems(items, [{ field: 'name', desc: false }]).map((i) => i.id)).toEqual([2, 5, 9]);
  });

  it('does not mutate its input', () => {
    const items = [
      { id: 2, name: 'b' },
      { id: 1, name: 'a' },
    ];
    sortMenuItems(items, DEFAULT_MENU_ORDER.major_groups);
    expect(items[0]?.id).toBe(2);
  });

  it.each([
    ['a', 'B', -1],
    ['B', 'a', 1],
    ['a', 'A', 1],
    ['A', 'a', -1],
    ['same', 'same', 0],
  ])('compareText(%j, %j) has sign %i', (a, b, sign) => {
    expect(Math.sign(compareText(a, b))).toBe(sign);
  });
});

describe('menu order parameter', () => {
  it.each([
    [
      'family_groups',
      undefined,
      [
        { field: 'weight', desc: true },
        { field: 'name', desc: false },
      ],
    ],
    [
      'family_groups',
      '',
      [
        { field: 'weight', desc: true },
        { field: 'name', desc: false },
      ],
    ],
    [
      'family_groups',
      '-name,weight',
      [
        { field: 'name', desc: true },
        { field: 'weight', desc: false },
      ],
    ],
    [
      'products',
      ' name , -id ',
      [
        { field: 'name', desc: false },
        { field: 'id', desc: true },
      ],
    ],
  ] as const)('%s %j parses', (edge, raw, expected) => {
    expect(parseMenuOrder(edge, raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['major_groups', 'weight', ['weight']],
    ['products', 'name,-price,drop table', ['price', 'drop table']],
  ] as const)('%s %j reports unknown fields', (edge, raw, invalid) => {
    expect(parseMenuOrder(edge, raw)).toEqual({ ok: false, invalid });
  });
});
