import 'fake-indexeddb/auto';
import { MENU_DEFAULT_LIMIT } from '@venue-voice/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceMenuGroups, deviceProducts } from './device-menu';
import { resetDeviceMenuSearch, searchDeviceProducts } from './device-menu-search';
import { testMenu } from './menu-fixtures';

const names = (query: Parameters<typeof deviceProducts>[1]) =>
  deviceProducts(testMenu, query).map((product) => product.name);

describe('the menu from the tablet copy (D7 order, as survey.menu.query answers)', () => {
  it.each([
    [
      'no filter: by major group ref, then name',
      {},
      ['Lager', 'apple tart', 'Burger', 'steak frites', 'Steak sandwich', 'Chef special stew'],
    ],
    ['text in the name, case-insensitive, trimmed', { text: '  STEAK ' }, ['steak frites', 'Steak sandwich']],
    [
      'text in the major group name (a misc group: its family name)',
      { text: 'specials' },
      ['Chef special stew'],
    ],
    ['text only in the given fields', { text: 'mains', textFields: ['name'] }, []],
    ['type', { type: 2 }, ['Lager']],
    ['family group ref', { familyGroupRef: 'GRL' }, ['Burger', 'steak frites', 'Steak sandwich']],
    ['misc major group ref', { majorGroupRef: 'miscSPC' }, ['Chef special stew']],
    ['receipt product refs', { transactionProductRefs: ['P3', 'P5', 'P99'] }, ['Lager', 'apple tart']],
    [
      'an order asked for',
      { order: ['-name'] },
      ['Steak sandwich', 'steak frites', 'Lager', 'Chef special stew', 'Burger', 'apple tart'],
    ],
    ['a page', { offset: 1, limit: 2 }, ['apple tart', 'Burger']],
  ] as const)('G5/D7 %s', (_name, query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  it('D7 a page holds MENU_DEFAULT_LIMIT products unless a limit is asked for', () => {
    const many = {
      ...testMenu,
      allProducts: Array.from({ length: MENU_DEFAULT_LIMIT + 5 }, (_, i) => ({
        ...(testMenu.allProducts[0] as (typeof testMenu.allProducts)[number]),
        id: i + 1,
      })),
    };
    expect(deviceProducts(many, {})).toHaveLength(MENU_DEFAULT_LIMIT);
  });

  it('an unknown order field is an error, not a silent default', () => {
    expect(() => deviceProducts(testMenu, { order: ['price'] })).toThrow(/unknown order field price/);
  });

  it('decision 0072 groups: all in the D7 order; with a type only those holding a product of it', () => {
    const all = deviceMenuGroups(testMenu, null);
    expect(all.majorGroups.map((group) => group.ref)).toEqual(['DRK', 'MAIN', 'miscSPC']);
    expect(all.familyGroups.map((group) => group.ref)).toEqual(['BAR', 'GRL', 'SPC']);
    const drinks = deviceMenuGroups(testMenu, 2);
    expect(drinks.majorGroups.map((group) => group.ref)).toEqual(['DRK']);
    expect(drinks.familyGroups.map((group) => group.ref)).toEqual(['BAR']);
    expect(deviceMenuGroups(testMenu, 1).majorGroups.map((group) => group.ref)).toEqual(['MAIN', 'miscSPC']);
  });
});

describe('D4.48 the search waiting room on the tablet', () => {
  afterEach(resetDeviceMenuSearch);

  it('D4.48 searches typed while one runs wait; only the latest runs next, the replaced one is aborted', async () => {
    const first = searchDeviceProducts(testMenu, { text: 'ste' });
    const replaced = searchDeviceProducts(testMenu, { text: 'stea' });
    const latest = searchDeviceProducts(testMenu, { text: 'steak s' });
    await expect(replaced).rejects.toMatchObject({ name: 'AbortError' });
    expect((await first).map((product) => product.id)).toEqual([1, 6, 4]);
    expect((await latest).map((product) => product.name)).toEqual(['Steak sandwich']);
    // Idle again: the next search starts at once.
    expect(await searchDeviceProducts(testMenu, { text: 'lager' })).toHaveLength(1);
  });

  it('a list without text (a category, the receipt) does not wait', async () => {
    const running = searchDeviceProducts(testMenu, { text: 'ste' });
    expect(await searchDeviceProducts(testMenu, { type: 2 })).toHaveLength(1);
    await running;
  });
});
