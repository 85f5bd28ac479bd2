import { describe, expect, it } from 'vitest';
import { coalesced } from '../src/services/alerts';

describe('the alert runner’s coalescing', () => {
  it('many kicks while a pass runs make one more pass after it, never one beside it', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const gates: (() => void)[] = [];
    const done: Promise<void>[] = [];
    const kick = coalesced(
      (work) => done.push(work()),
      async () => {
        running += 1;
        most = Math.max(most, running);
        passes += 1;
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return false;
      },
    );
    kick();
    for (let i = 0; i < 50; i++) kick();
    expect(passes).toBe(1);
    gates.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The 50 kicks during the first pass asked for one more, which now runs.
    expect(passes).toBe(2);
    gates.shift()?.();
    await Promise.all(done);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    // Idle again: the next kick starts a pass of its own.
    kick();
    expect(passes).toBe(3);
    gates.shift()?.();
    await Promise.all(done);
  });

  it('a pass that wants more (a full batch) runs again without a kick; a failure ends the loop', async () => {
    let passes = 0;
    const done: Promise<void>[] = [];
    const kick = coalesced(
      (work) => done.push(work().catch(() => undefined)),
      async () => {
        passes += 1;
        if (passes === 3) throw new Error('database gone');
        return passes < 3;
      },
    );
    kick();
    await Promise.all(done);
    expect(passes).toBe(3);
    // After a failure the runner is idle, not stuck: a kick starts it again.
    kick();
    await Promise.all(done);
    expect(passes).toBe(4);
  });
});
