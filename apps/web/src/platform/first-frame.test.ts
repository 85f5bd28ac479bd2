import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each time: the hold is module state, set once per page load. */
const load = async () => {
  vi.resetModules();
  return import('./first-frame');
};

/** Whether the promise has settled, after the pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('first frame before the first request (decision 0150)', () => {
  it('waits for nothing unless main.tsx holds it (tests, later screens)', async () => {
    const { firstFramePainted } = await load();
    expect(await settled(firstFramePainted())).toBe(true);
  });

  it('once held, waits for the next frame and then for a task after its paint', async () => {
    const { firstFramePainted, holdUntilFirstFrame } = await load();
    let frame: FrameRequestCallback = () => {};
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    holdUntilFirstFrame();
    const painted = firstFramePainted();
    // Tasks before the frame do not release it.
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(painted)).toBe(false);
    // Nor does the frame callback itself (the paint comes after it): the task it queues does.
    frame(0);
    let done = false;
    void painted.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('a page that paints no frame still loads the venue after 250 ms', async () => {
    const { firstFramePainted, holdUntilFirstFrame } = await load();
    vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation(() => 0);
    holdUntilFirstFrame();
    const painted = firstFramePainted();
    await vi.advanceTimersByTimeAsync(249);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });

  it('a hidden tab (no frames at all) does not wait', async () => {
    const { firstFramePainted, holdUntilFirstFrame } = await load();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(globalThis, 'requestAnimationFrame');
    holdUntilFirstFrame();
    expect(frame).not.toHaveBeenCalled();
    expect(await settled(firstFramePainted())).toBe(true);
  });
});
