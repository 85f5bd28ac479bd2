import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection';
import { databaseRateLimitStore } from './database-store';
import { redisRateLimitStore } from './redis-store';
import type { RateLimitStore } from './store';

export interface FailurePolicy {
  /** Names the counters (a prefix of every key). */
  name: string;
  /** Failures allowed per target in any span of `windowMs`. */
  limit: number;
  windowMs: number;
}

/**
 * One counter of an attempt. A plain string allows the policy's `limit`; `{ key, limit }` its own, for a
 * wider target that many callers share and so needs a higher ceiling (decision 0195).
 */
export type LimitTarget = string | { key: string; limit: number };

/** survey.transaction lookups: at most 5 that find nothing per 15 minutes per target (issue 9). */
export const LOOKUP_POLICY: FailurePolicy = { name: 'lookup', limit: 5, windowMs: 15 * 60_000 };

export type Reservation =
  | {
      allowed: true;
      /** The attempt did not fail (it found something, or broke on our side): it no longer counts. */
      release(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  readonly kind: RateLimitStore['kind'];
  /**
   * Counts one attempt against every target before it runs, and refuses it when a target already
   * has `limit` failures: reserving first means a burst of parallel guesses cannot all slip past
   * a read-then-increment check. The caller releases the reservation when the attempt did not fail.
   */
  reserve(targets: readonly LimitTarget[], now: Date): Promise<Reservation>;
  /** Deletes counters no decision reads any more (the scheduler calls it). */
  cleanup(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** Targets may hold PIN values and addresses: only their hash is stored. */
const hashed = (policy: FailurePolicy, target: string) =>
  `${policy.name}:${createHash('sha256').update(target).digest('base64url').slice(0, 32)}`;

/**
 * Failures per target over two fixed windows: an attempt is allowed while this window's count plus the
 * previous window's stays within the limit. Any span of `windowMs` lies within two consecutive
 * windows, so no span ever sees more than `limit` failures (a plain fixed window lets 2 × limit
 * through around a boundary); the price is a lock of up to two windows for a target that kept failing.
 */
export function failureLimiter(store: RateLimitStore, policy: FailurePolicy = LOOKUP_POLICY): RateLimiter {
  const { limit, windowMs } = policy;
  return {
    kind: store.kind,
    async reserve(targets, now) {
      const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
      // One counter per key; a key named twice keeps its lower limit.
      const limits = new Map<string, number>();
      for (const target of targets) {
        const [name, max] = typeof target === 'string' ? [target, limit] : [target.key, target.limit];
        const key = hashed(policy, name);
        limits.set(key, Math.min(limits.get(key) ?? max, max));
      }
      const keys = [...limits.keys()];
      const settled = await Promise.allSettled(keys.map((key) => store.hit(key, windowStart, windowMs)));
      const undoAll = () =>
        Promise.all(
          keys
            .filter((_, i) => settled[i]?.status === 'fulfilled')
            .map((key) => store.undo(key, windowStart, windowMs)),
        ).then(() => undefined);
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) {
        await undoAll().catch(() => undefined);
        throw failed.reason;
      }

      let openAt = 0;
      settled.forEach((result, i) => {
        if (result.status !== 'fulfilled') return;
        const max = limits.get(keys[i] ?? '') ?? limit;
        const { current, previous } = result.value;
        if (previous + current <= max) return;
        // Failures already in this window (without this attempt): if they alone fill the limit, the
        // target opens only once this window is the "previous" one no more, two windows from its start.
        const before = current - 1;
        openAt = Math.max(openAt, windowStart + (before >= max ? 2 : 1) * windowMs);
      });
      if (openAt > 0) {
        await undoAll();
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((openAt - now.getTime()) / 1000)) };
      }
      let released = false;
      return {
        allowed: true,
        release: async () => {
          if (released) return;
          released = true;
          await undoAll();
        },
      };
    },
    async cleanup(now) {
      // Decisions read the current and the previous window; anything older is history.
      const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
      return store.cleanup(new Date(windowStart - windowMs));
    },
    close: () => store.close(),
  };
}

export interface RateLimiterConfig {
  db: Db;
  /** Redis when set (shared by replicas without touching the database), else the `rate_limits` table. */
  redisUrl?: string | undefined;
  keyPrefix?: string;
  onStoreError?: (error: Error) => void;
}

/** The counters' store the configuration asks for; one store can serve limiters of several policies. */
export function createRateLimitStore(config: RateLimiterConfig): RateLimitStore {
  return config.redisUrl
    ? redisRateLimitStore(config.redisUrl, {
        ...(config.keyPrefix ? { keyPrefix: config.keyPrefix } : {}),
        ...(config.onStoreError ? { onError: config.onStoreError } : {}),
      })
    : databaseRateLimitStore(config.db);
}

/** A limiter of `policy` (default the lookups') over a store of its own. */
export function createRateLimiter(
  config: RateLimiterConfig,
  policy: FailurePolicy = LOOKUP_POLICY,
): RateLimiter {
  return failureLimiter(createRateLimitStore(config), policy);
}
