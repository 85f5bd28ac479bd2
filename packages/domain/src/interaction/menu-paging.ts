import { MENU_LIST_PAGE_SIZE } from '../constants';

/** What a menu list shows after some pages have loaded. */
export type MenuListPage<T> = { items: T[]; pages: number; hasMore: boolean };

/** Scroll position of a list, as the browser measures it (all in px). */
export type ScrollMetrics = { scrollTop: number; clientHeight: number; scrollHeight: number };

/** G9.1: the offset and limit of a menu list page (1-based), `MENU_LIST_PAGE_SIZE` (25) a page. */
export function menuPageRange(page: number): { offset: number; limit: number } {
  if (!Number.isInteger(page) || page < 1)
    throw new RangeError(`Menu list page must be 1 or more, got ${page}`);
  return { offset: (page - 1) * MENU_LIST_PAGE_SIZE, limit: MENU_LIST_PAGE_SIZE };
}

/** G9.1: the first `pages` pages of a list (at least the first page) and whether more remain. */
export function menuListPage<T>(all: readonly T[], pages: number): MenuListPage<T> {
  const shownPages = Math.max(1, Math.floor(pages));
  const items = all.slice(0, shownPages * MENU_LIST_PAGE_SIZE);
  return { items, pages: shownPages, hasMore: items.length < all.length };
}

/** G9.1: the list has been scrolled to its end (within `marginPx`, for lists that never land exactly). */
export const isScrolledToEnd = (metrics: ScrollMetrics, marginPx = 0): boolean =>
  metrics.scrollTop + metrics.clientHeight >= metrics.scrollHeight - marginPx;

/** G9.1: scrolling to the end loads the next page while more items remain; otherwise nothing changes. */
export function pagesAfterScroll(pages: number, total: number, metrics: ScrollMetrics, marginPx = 0): number {
  const more = pages * MENU_LIST_PAGE_SIZE < total;
  return more && isScrolledToEnd(metrics, marginPx) ? pages + 1 : pages;
}
