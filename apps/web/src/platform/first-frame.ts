/**
 * The first frame before the first request (decision 0150). The guest's first screen (the consent
 * banner, the loading status) needs no answer from the server, so its frame is painted before the
 * venue's setup asks for one: a request that starts first can finish before the paint, and a
 * page-load measure such as Lighthouse's then counts its round trips as part of the paint.
 */
let painted: Promise<void> = Promise.resolve();

/** Longest wait: a browser that paints no frames (a hidden tab stops them) must still load the venue. */
const MAX_WAIT_MS = 250;

/**
 * Called by main.tsx right before the first render: until that render's frame is painted,
 * firstFramePainted() waits. Without this call (tests, later screens) nothing waits.
 */
export function holdUntilFirstFrame(): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return;
  painted = new Promise((resolve) => {
    const done = () => {
      clearTimeout(limit);
      resolve();
    };
    const limit = setTimeout(done, MAX_WAIT_MS);
    // A frame callback runs before its frame is painted; a task queued from it runs after.
    requestAnimationFrame(() => setTimeout(done, 0));
  });
}

/** Resolves once the first render's frame is painted (at once if main.tsx did not hold it). */
export function firstFramePainted(): Promise<void> {
  return painted;
}
