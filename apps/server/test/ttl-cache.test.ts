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
});
