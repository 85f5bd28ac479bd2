/**
 * A small cache for read-mostly answers (survey config, slug lookups). Entries live `ttlMs` of monotonic
 * time, so every replica is at most that stale; it holds no per-guest state. A TTL of 0 turns it off.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Drops every entry whose key passes `test` (a change made the answers stale before their TTL). */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (test(key)) this.entries.delete(key);
  }

  /** The cached value while it is fresh, else undefined. */
  peek(key: string): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.value : undefined;
  }

  /**
   * The fresh cached value itself, else getOrLoad's promise: for hot paths (survey.config, the slug and
   * branch lookups), where a hit then makes no async call. `await` the answer either way.
   */
  get(key: string, load: () => Promise<V>): V | Promise<V> {
    const hit = this.entries.get(key);
    return hit && hit.expiresAt > this.now() ? hit.value : this.getOrLoad(key, load);
  }

  /** The cached value, or what `load` answers (cached unless the TTL is 0). Failures are not cached. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    const now = this.now();
    if (hit && hit.expiresAt > now) return hit.value;
    const value = await load();
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    // Map keeps insertion order: drop the oldest entries past the cap.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
