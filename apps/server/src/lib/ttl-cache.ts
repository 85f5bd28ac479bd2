/**
 * A small cache for read-mostly answers (survey config, slug lookups). Entries live `ttlMs` of monotonic
 * time from the start of the load that made them, so every replica is at most that stale; it holds no
 * per-guest state. A TTL of 0 turns it off.
 *
 * Under load an expiry must not stall the server (decision 0158): a key has at most one load in flight,
 * which every caller of that key awaits, and a hit in the last REFRESH_AHEAD of an entry's life starts
 * that load in the background while the hit still answers the cached value. A busy key is then reloaded
 * before it expires; a quiet one expires as before and its next caller loads it.
 */
const REFRESH_AHEAD = 0.2;

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /**
   * Drops every entry whose key passes `test` (a change made the answers stale before their TTL), and
   * every load of such a key already under way: what it read may predate the change, so it is not kept.
   */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (test(key)) this.entries.delete(key);
    for (const key of [...this.loading.keys()]) if (test(key)) this.loading.delete(key);
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
    if (!hit) return this.getOrLoad(key, load);
    const left = hit.expiresAt - this.now();
    if (left <= 0) return this.getOrLoad(key, load);
    if (left < this.ttlMs * REFRESH_AHEAD && !this.loading.has(key)) {
      // The entry stays until the reload replaces it or it expires; a failed reload is the next miss's.
      this.startLoad(key, load).catch(() => {});
    }
    return hit.value;
  }

  /** The cached value, or what `load` answers (cached unless the TTL is 0). Failures are not cached. */
  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    return this.loading.get(key) ?? this.startLoad(key, load);
  }

  /** Runs `load` as the key's one load in flight and caches its answer, unless deleteWhere dropped it. */
  private startLoad(key: string, load: () => Promise<V>): Promise<V> {
    const startedAt = this.now();
    const pending = load().then(
      (value) => {
        if (this.loading.get(key) === pending) {
          this.loading.delete(key);
          this.store(key, value, startedAt + this.ttlMs);
        }
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, pending);
    return pending;
  }

  private store(key: string, value: V, expiresAt: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    // Map keeps insertion order: drop the oldest entries past the cap.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
