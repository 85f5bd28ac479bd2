import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { integrationKeys } from '../../db/schema';

/** Decision 0241: a key's `last_used_at` is written at most this often. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** At most this many keys are remembered; past it the memory starts again (one extra write per key). */
const MAX_KEYS = 50_000;

export interface KeyUsage {
  /** Notes a request of a key at `at`; writes `last_used_at` when the key's last write is a minute old. */
  record(keyId: number, at: Date): Promise<void>;
}

/**
 * `last_used_at` for the console's list without a write per request (a busy chain's tills send
 * thousands a second): a key is written when this server has not written it within the interval, timed
 * by the app's clock, and the statement itself skips a row another server wrote within the interval. The
 * slot is taken before the write, so concurrent requests of one key write once. A failed write is
 * logged and never fails the request: the next minute brings it again.
 */
export function createKeyUsage(deps: {
  db: Db;
  log: { warn(detail: object, message: string): void };
  intervalMs?: number;
}): KeyUsage {
  const intervalMs = deps.intervalMs ?? LAST_USED_INTERVAL_MS;
  const written = new Map<number, number>();
  return {
    async record(keyId, at) {
      const now = at.getTime();
      const last = written.get(keyId);
      if (last !== undefined && now - last < intervalMs && now >= last) return;
      if (written.size >= MAX_KEYS) written.clear();
      written.set(keyId, now);
      const seen = at.toISOString();
      try {
        await deps.db
          .update(integrationKeys)
          .set({ lastUsedAt: sql`greatest(${integrationKeys.lastUsedAt}, ${seen}::timestamptz)` })
          .where(
            sql`${integrationKeys.id} = ${keyId} and (${integrationKeys.lastUsedAt} is null
              or ${integrationKeys.lastUsedAt} <= ${seen}::timestamptz - make_interval(secs => ${intervalMs / 1000}))`,
          );
      } catch (error) {
        deps.log.warn({ err: error, integrationKey: keyId }, 'integration key use not recorded');
      }
    },
  };
}
