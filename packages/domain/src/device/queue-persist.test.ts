import { describe, expect, it } from 'vitest';
import { QUEUED_RESPONSE_VERSION, type QueuedResponseV1, queuedResponseSchema } from '../schemas';
import {
  migrateV1Items,
  OFFLINE_QUEUE_VERSION,
  offlineQueueSchema,
  parseStoredQueue,
  serialiseQueue,
} from './queue-persist';
import { emptyQueue, enqueue } from './queue-state';

const v1 = (
  offlineID: number,
  type: QueuedResponseV1['type'],
  payload: unknown,
  headers = {},
): QueuedResponseV1 => ({
  version: 1,
  offlineID,
  type,
  args: { payload, headers },
  attempts: 2,
});
const createV1 = (offlineID: number, guid: string) =>
  v1(offlineID, 'submit', { type: 'create', payload: { guid } });

describe('offline queue: stored shape', () => {
  it('D4.44 the stored record is versioned and round-trips, counter included', () => {
    let queue = enqueue(emptyQueue(), { kind: 'create', payload: { guid: 'a' } }, 3).queue;
    queue = { ...queue, items: [], results: { a: { id: 1, secret: 's', isAiValid: true } } };
    const stored = serialiseQueue(queue);
    expect(stored.version).toBe(OFFLINE_QUEUE_VERSION);
    expect(offlineQueueSchema.parse(stored)).toEqual(stored);
    expect(parseStoredQueue(JSON.parse(JSON.stringify(stored)))).toEqual(queue);
    expect(parseStoredQueue(stored).lastOfflineId).toBe(1);
  });

  it('D4.44 version-1 items take their create’s guid, or the response headers of a create sent earlier', () => {
    const { items, results } = migrateV1Items([
      v1(4, 'track', { actions: ['shared_email'] }, { responseId: '77', responseSecret: 'sec' }),
      createV1(2, 'g-1'),
      v1(3, 'upload', { image: 'x' }),
      v1(5, 'submit', { type: 'supplement', payload: { permitted: true } }),
    ]);
    expect(items.map((item) => [item.offlineID, item.response])).toEqual([
      [2, 'g-1'],
      [3, 'g-1'],
      [4, 'legacy-response-77'],
      [5, 'g-1'],
    ]);
    expect(results).toEqual({ 'legacy-response-77': { id: 77, secret: 'sec', isAiValid: false } });
    for (const item of items) {
      expect(queuedResponseSchema.parse(item)).toEqual(item);
      expect(item).toMatchObject({ version: QUEUED_RESPONSE_VERSION, branchId: null, rev: 0, attempts: 2 });
    }
  });

  it('D4.44 a version-1 item with no create before it keeps a response of its own, never dropped', () => {
    const { items } = migrateV1Items([v1(1, 'track', { actions: ['shared_email'] })]);
    expect(items.map((item) => item.response)).toEqual(['orphan-1']);
  });

  it('D4.44 the bare list of version-1 items an older app kept becomes a queue, counter from its highest id', () => {
    const queue = parseStoredQueue([createV1(3, 'a'), createV1(9, 'b')]);
    expect(queue).toMatchObject({ lastOfflineId: 9, attention: [], current: null, results: {} });
    expect(queue.items.map((item) => item.response)).toEqual(['a', 'b']);
    expect(enqueue(queue, { kind: 'create', payload: { guid: 'c' } }, null).outcome).toEqual({
      status: 'queued',
      offlineID: 10,
    });
  });

  it('D4.44 a current record still holding version-1 items is upgraded; the counter never goes back', () => {
    const stored = {
      version: OFFLINE_QUEUE_VERSION,
      lastOfflineId: 2,
      items: [createV1(5, 'a')],
      results: {},
      attention: [],
      current: 'a',
    };
    const queue = parseStoredQueue(stored);
    expect(queue.lastOfflineId).toBe(5);
    expect(queue.items[0]).toMatchObject({ version: QUEUED_RESPONSE_VERSION, response: 'a' });
  });

  it.each([
    ['a number', 42],
    ['an unknown version', { version: 99, items: [] }],
    ['an item of an unknown type', [{ ...createV1(1, 'a'), type: 'fax' }]],
    ['a non-positive id', [createV1(0, 'a')]],
  ])('D4.44 %s is refused with an error, so the caller keeps the raw record', (_name, raw) => {
    expect(() => parseStoredQueue(raw)).toThrow();
  });
});
