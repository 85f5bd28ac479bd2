// @vitest-environment node
import { OFFLINE_QUEUE_VERSION, QUEUED_RESPONSE_VERSION } from '@venue-voice/domain';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { queueRequest } from './queue';
import { closeQueueDb, QUEUE_DB_NAME, QUEUE_DB_VERSION, readQueue } from './queue-db';
import { createRequest, startQueueTest } from './queue-test-kit';

/** Writes a raw record where an older app (or a broken one) left it. */
const storeRaw = async (value: unknown) => {
  await closeQueueDb();
  const db = await openDB(QUEUE_DB_NAME, QUEUE_DB_VERSION);
  await db.put('queue', value, 'state');
  db.close();
};

const rawKeys = async () => {
  await closeQueueDb();
  const db = await openDB(QUEUE_DB_NAME, QUEUE_DB_VERSION);
  const keys = await db.getAllKeys('queue');
  db.close();
  return keys;
};

describe('the queue database (D4.44)', () => {
  it('D4.44 upgrades the bare list of version-1 requests an older app kept, keeping their ids', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    await queueRequest(createRequest()); // creates the database at its current version
    const guid = '00000000-0000-4000-8000-00000000aaaa';
    await storeRaw([
      {
        version: 1,
        offlineID: 7,
        type: 'submit',
        args: { payload: { type: 'create', payload: { guid } }, headers: {} },
        attempts: 2,
      },
      {
        version: 1,
        offlineID: 8,
        type: 'submit',
        args: { payload: { type: 'supplement', payload: { permitted: true } }, headers: {} },
        attempts: 0,
      },
    ]);
    const queue = await readQueue();
    expect(queue.items.map((item) => [item.offlineID, item.version, item.response])).toEqual([
      [7, QUEUED_RESPONSE_VERSION, guid],
      [8, QUEUED_RESPONSE_VERSION, guid],
    ]);
    expect(queue.lastOfflineId).toBe(8);
    // The counter goes on from the migrated ids, never reusing one (D4.37).
    expect(await queueRequest(createRequest())).toEqual({ status: 'queued', offlineID: 9 });
  });

  it('D4.44 a record no version can read is kept aside, never overwritten, and the queue starts empty', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    await queueRequest(createRequest());
    const unreadable = { version: OFFLINE_QUEUE_VERSION + 5, items: 'not a list' };
    await storeRaw(unreadable);
    expect((await readQueue()).items).toEqual([]);
    expect((await readQueue()).items).toEqual([]);
    const keys = await rawKeys();
    // Moved aside once, and the state is a readable empty queue from then on.
    expect(keys.filter((key) => String(key).startsWith('unreadable-'))).toHaveLength(1);
    const aside = keys.find((key) => String(key).startsWith('unreadable-'));
    expect(aside).toBeDefined();
    const db = await openDB(QUEUE_DB_NAME, QUEUE_DB_VERSION);
    expect(await db.get('queue', aside as string)).toEqual(unreadable);
    db.close();
  });
});
