import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MENU_LIST_PAGE_SIZE, menuPageRange } from '@venue-voice/domain';
import type { MenuQuery } from '../../../platform/api';
import { useApi } from '../../../platform/api-context';
import { currentLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../../shared/session/session-store';

/** The venue's slug, which every menu call goes by. */
const useSlug = () => useGuestSession((session) => session.slug) ?? '';

/**
 * The menu's categories (major groups) and subcategories (family groups), cached for the visit; with a
 * product type, only those holding a dish of that type (decision 0072).
 */
export function useMenuGroups(type: number | null, enabled: boolean) {
  const api = useApi();
  const slug = useSlug();
  return useQuery({
    queryKey: ['menu-groups', slug, type],
    queryFn: ({ signal }) => api.menuGroups(slug, currentLanguage(), type, signal),
    enabled: enabled && slug !== '',
    staleTime: 10 * 60_000,
  });
}

/**
 * Products matching a query, 25 a page (G9.1): the next page is fetched when the list is scrolled to
 * its end, while the last page came back full. `enabled` false keeps the list empty (a search under
 * three characters, G5.1).
 */
export function useMenuProducts(query: MenuQuery, enabled: boolean) {
  const api = useApi();
  const slug = useSlug();
  return useInfiniteQuery({
    queryKey: ['menu-products', slug, query],
    queryFn: ({ pageParam, signal }) =>
      api.menuProducts(slug, currentLanguage(), { ...query, ...menuPageRange(pageParam) }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length === MENU_LIST_PAGE_SIZE ? pages.length + 1 : undefined),
    enabled: enabled && slug !== '',
    staleTime: 5 * 60_000,
  });
}
