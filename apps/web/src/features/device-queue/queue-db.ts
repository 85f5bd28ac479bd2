/**
 * The tablet's offline queue in IndexedDB (database `venue-voice-queue`, device-mode.md §3 Queued
 * response; D4.37, D4.44). One record holds the domain's OfflineQueue (items, results, the offlineID
 * counter), so every change is one read-modify-write in one transaction: atomic across tabs too. Photos
 * are kept as Blobs in their own store, one per response (a new upload replaces the earlier one, D4.43).
 * This database is not the device state: a device reset (D4.1) never deletes it.
 */
import {
  emptyQueue,
  type OfflineQueue,
  parseStoredQueue,
  type StoredOfflineQueue,
  serialiseQueue,
} from '@venue-voice/domain';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export const QUEUE_DB_NAME = 'venue-voice-queue';
/** IndexedDB schema version; each bump adds a step to `upgrade` below, never rewrites an old one. */
export const QUEUE_DB_VERSION = 1;
const STATE_KEY = 'state';

export type StoredPhoto = { blob: Blob; fileName: string };

export interface QueueDb extends DBSchema {
  /** 'state': the queue record (any shape parseStoredQueue reads); 'unreadable-<ms>': kept raw records. */
  queue: { key: string; value: StoredOfflineQueue | unknown };
  /** Photos waiting to upload, by response guid. */
  photos: { key: string; value: StoredPhoto };
}

let opening: Promise<IDBPDatabase<QueueDb>> | null = null;

/** Opens (once per page) the queue database, creating or upgrading its stores. */
export const queueDb = (): Promise<IDBPDatabase<QueueDb>> => {
  opening ??= openDB<QueueDb>(QUEUE_DB_NAME, QUEUE_DB_VERSION, {
    upgrade(db, oldVersion) {
      // Steps run in order from the stored version, so a tablet skipping app versions still upgrades.
      if (oldVersion < 1) {
        db.createObjectStore('queue');
        db.createObjectStore('photos');
      }
    },
    // Another tab (a newer app) wants to upgrade: let it, and reopen on the next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
};

/** Closes the connection (tests delete the database between cases). */
export const closeQueueDb = async (): Promise<void> => {
  const db = await opening;
  opening = null;
  db?.close();
};

/**
 * Reads the queue, upgrades older shapes, applies `change` and writes the result, all in one
 * transaction. A record no version of the app can read is moved aside under its own key, never
 * overwritten, and the queue starts empty (nothing stored is ever lost).
 */
export const changeQueue = async <T>(
  change: (queue: OfflineQueue) => { queue: OfflineQueue; value: T },
): Promise<T> => {
  const db = await queueDb();
  const tx = db.transaction('queue', 'readwrite');
  const raw = await tx.store.get(STATE_KEY);
  let current = emptyQueue();
  let fresh = raw === undefined;
  if (raw !== undefined) {
    try {
      current = parseStoredQueue(raw);
    } catch {
      await tx.store.put(raw, `unreadable-${Date.now()}`);
      fresh = true;
    }
  }
  const { queue, value } = change(current);
  if (queue !== current || fresh) await tx.store.put(serialiseQueue(queue), STATE_KEY);
  await tx.done;
  return value;
};

/** The stored queue, read only. */
export const readQueue = (): Promise<OfflineQueue> => changeQueue((queue) => ({ queue, value: queue }));

export const putPhoto = async (response: string, photo: StoredPhoto): Promise<void> => {
  await (await queueDb()).put('photos', photo, response);
};

export const getPhoto = async (response: string): Promise<StoredPhoto | undefined> =>
  (await queueDb()).get('photos', response);

export const deletePhoto = async (response: string): Promise<void> => {
  await (await queueDb()).delete('photos', response);
};

/** Asks the browser not to evict the queue under storage pressure; false when it will not promise. */
export const askPersistentStorage = async (): Promise<boolean> => {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    return (await navigator.storage.persisted?.()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
};
