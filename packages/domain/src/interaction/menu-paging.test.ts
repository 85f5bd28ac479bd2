import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MENU_LIST_PAGE_SIZE } from '../constants';
import { isScrolledToEnd, menuListPage, menuPageRange, pagesAfterScroll } from './menu-paging';

const dishes = Array.from({ length: 60 }, (_, i) => `dish ${i + 1}`);
const atEnd = { scrollTop: 600, clientHeight: 400, scrollHeight: 1000 };
const midway = { scrollTop: 100, clientHeight: 400, scrollHeight: 1000 };

describe('menu list paging', () => {
  it.each([
    [1, 0],
    [2, 25],
    [3, 50],
  ])('G9.1 page %i starts at offset %i with 25 items', (page, offset) => {
    expect(menuPageRange(page)).toEqual({ offset, limit: MENU_LIST_PAGE_SIZE });
  });

  it.each([0, -1, 1.5, Number.NaN])('G9.1 page %s is refused', (page) => {
    expect(() => menuPageRange(page)).toThrow(RangeError);
  });

  it.each([
    [1, 25, true],
    [2, 50, true],
    [3, 60, false],
    [9, 60, false],
    [0, 25, true],
  ])('G9.1 %i page(s) of 60 dishes show %i, more: %s', (pages, shown, more) => {
    const page = menuListPage(dishes, pages);
    expect(page.items).toHaveLength(shown);
    expect(page.hasMore).toBe(more);
  });

  it('G9.1 scrolling to the end loads the next page, and only while more remain', () => {
    expect(isScrolledToEnd(atEnd)).toBe(true);
    expect(isScrolledToEnd(midway)).toBe(false);
    expect(isScrolledToEnd({ ...atEnd, scrollTop: 550 }, 50)).toBe(true);
    expect(pagesAfterScroll(1, 60, atEnd)).toBe(2);
    expect(pagesAfterScroll(1, 60, midway)).toBe(1);
    expect(pagesAfterScroll(3, 60, atEnd)).toBe(3);
    expect(pagesAfterScroll(1, 25, atEnd)).toBe(1);
  });

  it('G9.1 law: scrolling to the end enough times shows every item once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 200 }), (items) => {
        let pages = 1;
        for (let i = 0; i < 10; i += 1) pages = pagesAfterScroll(pages, items.length, atEnd);
        const page = menuListPage(items, pages);
        expect(page.items).toEqual(items.slice(0, pages * MENU_LIST_PAGE_SIZE));
        if (items.length <= 10 * MENU_LIST_PAGE_SIZE) expect(page.items).toEqual(items);
      }),
    );
  });
});
