import type { ServiceLog } from '../services/rate-limit/reserve-attempt';

/**
 * Runs work after the answer; a failure is logged (the operator asks again), never thrown at nobody.
 * `settle` waits for the work still running, so the server's close (a deploy, a test's end) lets a reset
 * mail or an export finish rather than cutting it off halfway with the database gone.
 */
export function afterAnswer() {
  const running = new Set<Promise<void>>();
  return {
    run(log: ServiceLog, what: string, work: () => Promise<void>): void {
      const done = work()
        .catch((error) => log.error({ err: error }, `${what} failed`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    settle: async () => {
      await Promise.allSettled([...running]);
    },
  };
}
