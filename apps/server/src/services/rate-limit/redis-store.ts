import type { Redis } from 'ioredis';
import type { RateLimitStore } from './store';

export interface RedisStoreOptions {
  /** Namespaces the keys (tests use a unique one each). */
  keyPrefix?: string;
  /** Called when the connection reports an error (ioredis reconnects by itself). */
  onError?: (error: Error) => void;
}

/**
 * Counters in Redis, shared by every replica: INCR and PEXPIRE in one MULTI, so a counter never lives
 * without its expiry; windows expire on their own (cleanup has nothing to do).
 */
export function redisRateLimitStore(url: string, options: RedisStoreOptions = {}): RateLimitStore {
  const prefix = options.keyPrefix ?? 'vv:rate:';
  // ioredis loads on the first counter, not at every start (most starts have no REDIS_URL at all); the
  // client connects lazily anyway.
  let connecting: Promise<Redis> | undefined;
  let closed = false;
  const client = () => {
    if (closed) return Promise.reject(new Error('Connection is closed.'));
    connecting ??= import('ioredis').then(({ Redis: RedisClient }) => {
      const redis = new RedisClient(url, {
        // A lookup must not hang on an unreachable Redis: fail fast, the limiter answers 503 and the guest retries.
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        commandTimeout: 2_000,
        lazyConnect: true,
      });
      redis.on('error', (error: Error) => options.onError?.(error));
      return redis;
    });
    return connecting;
  };
  const name = (key: string, windowStart: number) => `${prefix}${key}:${windowStart}`;

  async function exec(multi: ReturnType<Redis['multi']>): Promise<unknown[]> {
    const replies = await multi.exec();
    if (!replies) throw new Error('Redis transaction was aborted');
    return replies.map(([error, value]) => {
      if (error) throw error;
      return value;
    });
  }

  return {
    kind: 'redis',
    async hit(key, windowStart, windowMs) {
      const current = name(key, windowStart);
      // Kept for two windows (plus a minute of clock skew): the next window reads it as "previous".
      const redis = await client();
      const replies = await exec(
        redis
          .multi()
          .incr(current)
          .pexpire(current, 2 * windowMs + 60_000)
          .get(name(key, windowStart - windowMs)),
      );
      return { current: Number(replies[0]), previous: Number(replies[2] ?? 0) };
    },
    async undo(key, windowStart, windowMs) {
      const current = name(key, windowStart);
      // DECR of an expired key would leave a -1 without expiry, hence the PEXPIRE beside it.
      const redis = await client();
      await exec(
        redis
          .multi()
          .decr(current)
          .pexpire(current, 2 * windowMs + 60_000),
      );
    },
    async cleanup() {
      return 0;
    },
    async close() {
      closed = true;
      if (!connecting) return;
      const redis = await connecting;
      if (redis.status === 'end' || redis.status === 'wait') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
