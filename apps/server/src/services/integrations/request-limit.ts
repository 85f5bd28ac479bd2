import { createRateLimitStore, type RateLimiterConfig } from '../rate-limit/limiter';
import { memoryRateLimitStore } from '../rate-limit/memory-store';
import type { RateLimitStore } from '../rate-limit/store';

const MINUTE = 60_000;

export type KeyAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Requests per key per minute (decision 0241): counted on every integration request. */
export interface KeyRequestLimit {
  readonly limit: number;
  readonly kind: RateLimitStore['kind'];
  admit(keyId: number, now: Date): Promise<KeyAdmission>;
  close(): Promise<void>;
}

/**
 * A sliding minute per key over two fixed windows: the previous minute's count weighted by how much of
 * it the last 60 s still cover, plus this minute's. A steady rate at the limit is served (the failure
 * limiters' "previous + current" would halve it: they are made for rare failures, not traffic), a burst
 * past it is refused with the time until the estimate falls back under the limit. A refused request is
 * not counted, so a till that waits as told is served when it comes back.
 */
export function keyRequestLimit(store: RateLimitStore, limit: number, windowMs = MINUTE): KeyRequestLimit {
  let lastCleanup = 0;
  return {
    limit,
    kind: store.kind,
    async admit(keyId, now) {
      const at = now.getTime();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      // A memory store keeps every window until told: drop the old ones once per window.
      if (windowStart !== lastCleanup) {
        lastCleanup = windowStart;
        await store.cleanup(new Date(windowStart - windowMs));
      }
      const key = `integration-key:${keyId}`;
      const { current, previous } = await store.hit(key, windowStart, windowMs);
      const elapsed = at - windowStart;
      const weight = 1 - elapsed / windowMs;
      if (previous * weight + current <= limit) return { allowed: true };
      await store.undo(key, windowStart, windowMs);
      const before = current - 1;
      // When would previous·(1 − t/W) + before + 1 ≤ limit hold? Within this window if `before` alone
      // leaves room, else after it ends and this window's count, become the previous one, decays.
      let waitMs: number;
      if (before + 1 <= limit && previous > 0) {
        const needWeight = (limit - before - 1) / previous;
        waitMs = (1 - needWeight) * windowMs - elapsed;
      } else {
        const needWeight = before > 0 ? Math.max(0, (limit - 1) / before) : 1;
        waitMs = windowStart + windowMs - at + (1 - needWeight) * windowMs;
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    close: () => store.close(),
  };
}

/**
 * The per-key limit the configuration asks for: Redis when replicas share one (REDIS_URL), so the
 * limit holds across them, else this process's memory, as the web creates' limits (decision 0189): a
 * database write per till request would cost the till path its throughput.
 */
export function createKeyRequestLimit(
  config: Pick<RateLimiterConfig, 'db' | 'redisUrl' | 'onStoreError'>,
  limit: number,
): KeyRequestLimit {
  const store = config.redisUrl ? createRateLimitStore(config) : memoryRateLimitStore();
  return keyRequestLimit(store, limit);
}
