/**
 * Ends the current task: what follows runs in a new one, so the page is not blocked by both halves
 * at once (Total Blocking Time counts each task's time over 50 ms; decision 0151). scheduler.yield
 * where the browser has it (the rest runs ahead of other queued tasks), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
