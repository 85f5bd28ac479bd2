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

interface Cache {
  entries: Map<string, Entry>;
  /** Counts revocations: a lookup that began before one does not store what it read (it may be stale). */
  generation: number;
}

// One cache per database, so the console's revoke (which has only the database) reaches the guard's
// cache in the same process; apps over other databases (tests) never share entries.
const caches = new WeakMap<Db, Cache>();

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
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
  const hit = cache.entries.get(hash);
  if (hit && hit.until > now) return hit.caller;
  const generation = cache.generation;
  const caller = await findKey(db, token);
  if (!caller) {
    cache.entries.delete(hash);
    return null;
  }
  // A revocation while this lookup ran: serve what was read (the request was under way), keep nothing.
  if (generation !== cache.generation) return caller;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(hash, { caller, until: now + KEY_CACHE_MS });
  return caller;
}

/** Drops a key from this server's cache (its revocation): its next request reads the database. */
export function forgetKey(db: Db, keyId: number): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  for (const [hash, entry] of cache.entries) if (entry.caller.keyId === keyId) cache.entries.delete(hash);
}
