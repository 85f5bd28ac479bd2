/**
 * Downloaded data reaches the screens at once (issue 6 item 4, issue 7): the screens keep the staff
 * and menu they read in the query cache for many minutes, which on a tablet that runs for days would
 * hide a sync's staff changes. When the live staff or the stored menu change, those answers are refetched.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useDevice } from '../../platform/device-session';

/** Query keys whose answers come from the tablet's staff (the staff question, the sharing team). */
export const STAFF_QUERY_KEYS = [['staff'], ['sharing', 'team']] as const;
/** Query keys whose answers come from the tablet's menu copy. */
export const MENU_QUERY_KEYS = [['menu-groups'], ['menu-products']] as const;

export function refreshQueriesOnSync(queryClient: QueryClient): () => void {
  return useDevice.subscribe((now, before) => {
    if (now.state.cachedStaff !== before.state.cachedStaff) {
      for (const queryKey of STAFF_QUERY_KEYS)
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
    if (now.state.menuItemsLastUpdated !== before.state.menuItemsLastUpdated) {
      for (const queryKey of MENU_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
  });
}
