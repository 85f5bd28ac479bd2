/** Menu product loading (device-mode.md §4 Menu product loading; D4.47–D4.49). */

/** Products fetched per key (a query's identity), never fetched twice. */
export type MenuCache<T> = Readonly<Record<string, T>>;

/** The cached value for a key, or a request to fetch it (D4.47). */
export const menuCacheLookup = <T>(
  cache: MenuCache<T>,
  key: string,
): { hit: true; value: T } | { hit: false } =>
  Object.hasOwn(cache, key) ? { hit: true, value: cache[key] as T } : { hit: false };

/** The cache with a fetched value stored under its key; an existing entry is kept (not refetched). */
export const menuCacheStore = <T>(cache: MenuCache<T>, key: string, value: T): MenuCache<T> =>
  Object.hasOwn(cache, key) ? cache : { ...cache, [key]: value };

/** A search in progress plus the waiting room: the latest value asked for while it ran. */
export type MenuSearchState = { running: string | null; waiting: string | null };

export const idleMenuSearch: MenuSearchState = { running: null, waiting: null };

export type MenuSearchEvent = { type: 'search'; value: string } | { type: 'finished' };

/**
 * The search waiting room (D4.48): a search while none runs starts at once; one arriving while a search
 * runs waits, replacing any earlier waiting value; when the run finishes the latest waiting value runs.
 * `start` is the value the caller must search for now, if any.
 */
export const menuSearchReducer = (
  state: MenuSearchState,
  event: MenuSearchEvent,
): { state: MenuSearchState; start: string | null } => {
  if (event.type === 'search') {
    if (state.running === null) return { state: { running: event.value, waiting: null }, start: event.value };
    return { state: { ...state, waiting: event.value }, start: null };
  }
  if (state.waiting !== null)
    return { state: { running: state.waiting, waiting: null }, start: state.waiting };
  return { state: idleMenuSearch, start: null };
};

/** A menu download fails as a whole at its first error: pages fetched so far are not kept (D4.49). */
export const menuDownloadResult = <T>(
  pages: readonly ({ ok: true; items: readonly T[] } | { ok: false })[],
): { ok: true; items: T[] } | { ok: false } => {
  const items: T[] = [];
  for (const page of pages) {
    if (!page.ok) return { ok: false };
    items.push(...page.items);
  }
  return { ok: true, items };
};
