import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/lib/ttl-cache';

describe('TtlCache', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('answers the cached value until the TTL has passed, then loads again', async () => {
    const time = clock();
    const cache = new TtlCache<number>(5000, 10, time.now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.getOrLoad('a', load)).toBe(1);
    time.advance(4999);
    expect(await cache.getOrLoad('a', load)).toBe(1);
    time.advance(1);
    expect(await cache.getOrLoad('a', load)).toBe(2);
  });

  it('peek answers a fresh value without loading, undefined once it expired or was never loaded', async () => {
    const time = clock();
    const cache = new TtlCache<number>(5000, 10, time.now);
    expect(cache.peek('a')).toBeUndefined();
    await cache.getOrLoad('a', async () => 7);
    time.advance(4999);
    expect(cache.peek('a')).toBe(7);
    time.advance(1);
    expect(cache.peek('a')).toBeUndefined();
  });

  it('get answers a fresh value itself, not a promise; a miss or an expired entry loads and caches', async () => {
    const time = clock();
    const cache = new TtlCache<number>(5000, 10, time.now);
    let loads = 0;
    const load = async () => ++loads;
    const miss = cache.get('a', load);
    expect(miss).toBeInstanceOf(Promise);
    expect(await miss).toBe(1);
    time.advance(4999);
    expect(cache.get('a', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('get with a TTL of 0 loads every time', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    expect(await cache.get('a', async () => ++loads)).toBe(1);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });

  it('never caches with a TTL of 0', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    await cache.getOrLoad('a', async () => ++loads);
    await cache.getOrLoad('a', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache<string>(60_000, 2, () => 0);
    let loads = 0;
    const load = (v: string) => async () => {
      loads += 1;
      return v;
    };
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    await cache.getOrLoad('c', load('c'));
    await cache.getOrLoad('b', load('b'));
    expect(loads).toBe(3);
    await cache.getOrLoad('a', load('a'));
    expect(loads).toBe(4);
  });

  it('does not cache a failed load', async () => {
    const cache = new TtlCache<number>(5000, 10, () => 0);
    await expect(cache.getOrLoad('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.getOrLoad('a', async () => 7)).toBe(7);
  });

  // Decision 0158: an expiry under load must not send every waiting request to the database at once.
  describe('one load per key (decision 0158)', () => {
    const deferred = <T>() => {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    };

    it('gives concurrent misses of a key the one load, and its answer', async () => {
      const cache = new TtlCache<number>(5000, 10, () => 0);
      const pending = deferred<number>();
      let loads = 0;
      const load = () => {
        loads += 1;
        return pending.promise;
      };
      const answers = Array.from({ length: 100 }, () => cache.get('a', load));
      expect(loads).toBe(1);
      pending.resolve(7);
      expect(await Promise.all(answers)).toEqual(Array(100).fill(7));
      expect(cache.get('a', load)).toBe(7);
      expect(loads).toBe(1);
    });

    it('gives concurrent misses the one failure, and loads again on the next miss', async () => {
      const cache = new TtlCache<number>(5000, 10, () => 0);
      const pending = deferred<number>();
      const first = cache.getOrLoad('a', () => pending.promise);
      const second = cache.getOrLoad('a', async () => 99);
      pending.reject(new Error('db down'));
      await expect(first).rejects.toThrow('db down');
      await expect(second).rejects.toThrow('db down');
      expect(await cache.getOrLoad('a', async () => 8)).toBe(8);
    });

    it('reloads a key read in the last fifth of its life in the background, answering the cached value meanwhile', async () => {
      const time = clock();
      const cache = new TtlCache<number>(5000, 10, time.now);
      let loads = 0;
      const pending = deferred<number>();
      await cache.getOrLoad('a', async () => ++loads);
      time.advance(3999);
      expect(cache.get('a', async () => ++loads)).toBe(1); // 1,001 ms left: no reload yet
      expect(loads).toBe(1);
      time.advance(2);
      const reload = () => {
        loads += 1;
        return pending.promise;
      };
      expect(cache.get('a', reload)).toBe(1);
      expect(cache.get('a', reload)).toBe(1);
      expect(loads).toBe(2); // one reload in flight, not one per hit
      pending.resolve(2);
      await pending.promise;
      await Promise.resolve();
      // The new answer lives a whole TTL from the start of its load (at 4,001 ms).
      expect(cache.get('a', reload)).toBe(2);
      time.advance(4999);
      expect(cache.peek('a')).toBe(2);
      time.advance(1);
      expect(cache.peek('a')).toBeUndefined();
    });

    it('keeps the entry until it expires when a background reload fails', async () => {
      const time = clock();
      const cache = new TtlCache<number>(5000, 10, time.now);
      await cache.getOrLoad('a', async () => 1);
      time.advance(4500);
      const failing = deferred<number>();
      expect(cache.get('a', () => failing.promise)).toBe(1);
      failing.reject(new Error('db down')); // not an unhandled rejection: nobody awaited it
      await failing.promise.catch(() => {});
      await Promise.resolve();
      expect(cache.peek('a')).toBe(1);
      time.advance(500);
      expect(cache.peek('a')).toBeUndefined();
      expect(await cache.get('a', async () => 4)).toBe(4);
    });

    it('does not keep what a load read before deleteWhere dropped its key', async () => {
      const cache = new TtlCache<number>(5000, 10, () => 0);
      const stale = deferred<number>();
      const before = cache.getOrLoad('a', () => stale.promise);
      cache.deleteWhere((key) => key === 'a');
      stale.resolve(1);
      expect(await before).toBe(1); // its caller asked before the change
      expect(cache.peek('a')).toBeUndefined();
      expect(await cache.get('a', async () => 2)).toBe(2);
      expect(cache.peek('a')).toBe(2);
    });
  });
});
