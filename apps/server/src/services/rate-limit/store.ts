/** Failures counted in a fixed window and in the window before it. */
export interface WindowCounts {
  current: number;
  previous: number;
}

/**
 * Counters of fixed time windows, shared by every replica: Redis when configured, else the database.
 * Windows are named by their start (epoch ms), so every replica computes the same name for a moment.
 */
export interface RateLimitStore {
  readonly kind: 'redis' | 'database' | 'memory';
  /** Adds one to `key` in the window starting at `windowStart`; answers its new count and the previous window's. */
  hit(key: string, windowStart: number, windowMs: number): Promise<WindowCounts>;
  /** Takes one back (an attempt that succeeded, or was refused and so never ran). */
  undo(key: string, windowStart: number, windowMs: number): Promise<void>;
  /** Deletes the windows that started before `before`; answers how many went. */
  cleanup(before: Date): Promise<number>;
  close(): Promise<void>;
}
