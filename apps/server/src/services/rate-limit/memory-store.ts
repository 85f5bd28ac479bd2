import type { RateLimitStore } from './store';

/**
 * Counters in this process's memory: for limits counted on every create (decision 0189), where a
 * database write per create would cost the submit path its throughput. One process (PGlite) counts
 * everything; replicas share counts only through Redis, so without REDIS_URL each replica limits on its
 * own (the limit is then per replica). Windows older than the previous one are dropped as they pass.
 */
export function memoryRateLimitStore(): RateLimitStore {
  const counts = new Map<string, number>();
  const name = (key: string, windowStart: number) => `${windowStart}|${key}`;
  return {
    kind: 'memory',
    async hit(key, windowStart, windowMs) {
      const current = (counts.get(name(key, windowStart)) ?? 0) + 1;
      counts.set(name(key, windowStart), current);
      return { current, previous: counts.get(name(key, windowStart - windowMs)) ?? 0 };
    },
    async undo(key, windowStart) {
      const at = name(key, windowStart);
      const count = counts.get(at) ?? 0;
      if (count > 1) counts.set(at, count - 1);
      else counts.delete(at);
    },
    async cleanup(before) {
      let deleted = 0;
      for (const at of counts.keys()) {
        if (Number(at.slice(0, at.indexOf('|'))) < before.getTime()) {
          counts.delete(at);
          deleted += 1;
        }
      }
      return deleted;
    },
    async close() {
      counts.clear();
    },
  };
}
