import type { Db } from '../../db/connection';
import { findKey, hashKey, type IntegrationCaller } from './keys';

/**
 * Decision 0241: how long a server reuses a key's lookup. Every till request names its key, so the
 * lookup is kept this long instead of read each time; a revocation on this server drops it at once
 * (`forgetKey`), on another server it applies within this many milliseconds.
 */
export const KEY_CACHE_MS = 5_000;

/** At most this many keys are remembered per database; past it the cache starts again empty. */
const MAX_ENTRIES = 10_000;

interface Entry {
  caller: IntegrationCaller;
  until: number;
}

// One cache per database, so the console's revoke (which has only the database) reaches the guard's
// cache in the same process; apps over other databases (tests) never share entries.
const caches = new WeakMap<Db, Map<string, Entry>>();

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

/**
 * The live key a bearer token is, from this server's cache when looked up within KEY_CACHE_MS, else
 * from the database (the hash's unique index). Unknown and revoked keys are not cached: each is one
 * indexed read, and a key made a moment ago is found at once.
 */
export async function cachedKey(db: Db, token: string): Promise<IntegrationCaller | null> {
  const cache = cacheOf(db);
  const hash = hashKey(token);
  const now = performance.now();
  const hit = cache.get(hash);
  if (hit && hit.until > now) return hit.caller;
  const caller = await findKey(db, token);
  if (!caller) {
    cache.delete(hash);
    return null;
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(hash, { caller, until: now + KEY_CACHE_MS });
  return caller;
}

/** Drops a key from this server's cache (its revocation): its next request reads the database. */
export function forgetKey(db: Db, keyId: number): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const [hash, entry] of cache) if (entry.caller.keyId === keyId) cache.delete(hash);
}
