/** Shared set-up of the queue's tests: a fresh IndexedDB, a fake server and a clock that never waits. */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { fakeQueueServer } from './fake-queue-server';
import { configureQueue } from './queue';
import { closeQueueDb } from './queue-db';
import { resetBatchSupport, runningFlush } from './queue-runner';

let guids = 0;
/** A guid-shaped id no other test uses, in creation order. */
export const nextGuid = () => `00000000-0000-4000-8000-${String(++guids).padStart(12, '0')}`;

export const createRequest = (guid = nextGuid()) => ({
  kind: 'create' as const,
  payload: { guid, answers: { csatScore: 80 } },
  headers: { 'X-Template-Id': '1' },
});

export const supplementRequest = (response: string, payload: Record<string, unknown>) => ({
  kind: 'supplement' as const,
  response,
  payload,
});

/** A page reload: the open connection goes, the stored database stays. */
export const reload = () => closeQueueDb();

export const startQueueTest = async (options: { batch?: boolean; branchId?: number } = {}) => {
  await runningFlush();
  await closeQueueDb();
  globalThis.indexedDB = new IDBFactory();
  resetBatchSupport();
  const server = fakeQueueServer(options);
  let now = 1_700_000_000_000;
  const waits: number[] = [];
  const state = { online: true, branchId: options.branchId ?? 1 };
  const onUnauthorised = vi.fn();
  /** Timed retries the queue planned (D4.63): a test runs one with `run()`; none runs by itself. */
  const retries: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const uploaded: number[] = [];
  configureQueue({
    transport: () => ({
      baseUrl: 'http://tablet.test',
      credentials: {
        authType: 'app',
        clientId: 'venue-voice-web/test',
        companyKey: 'demo',
        branchId: state.branchId,
        device: { deviceId: 'bar', token: 'token' },
      },
      fetch: server.fetch,
    }),
    branchId: () => state.branchId,
    online: () => state.online,
    onUnauthorised,
    clock: {
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    },
    retryAfter: (ms, run) => {
      const planned = { ms, run, cancelled: false };
      retries.push(planned);
      return () => {
        planned.cancelled = true;
      };
    },
    onUploaded: (submitted) => uploaded.push(submitted),
  });
  return { server, waits, state, onUnauthorised, retries, uploaded };
};
