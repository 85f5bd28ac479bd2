import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('nextTask (decision 0151)', () => {
  it('uses scheduler.yield where the browser has it', async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledOnce();
  });

  it('elsewhere resolves in a later task, not in this one', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let done = false;
    void nextTask().then(() => {
      done = true;
    });
    // Microtasks alone (the same task) do not resolve it.
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});
