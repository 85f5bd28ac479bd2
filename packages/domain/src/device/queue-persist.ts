/**
 * The offline queue as stored in IndexedDB: one versioned record, with migrations from older shapes
 * (D4.44). The offlineID counter is part of it, so ids are never reused after a reload.
 */
import { z } from 'zod';
import {
  id,
  QUEUED_RESPONSE_VERSION,
  type QueuedResponse,
  type QueuedResponseV1,
  queuedResponseSchema,
  queuedResponseV1Schema,
} from '../schemas';
import { isCreate, type OfflineQueue } from './queue-state';

/** Shape version of the stored queue record (bump with a migration below). */
export const OFFLINE_QUEUE_VERSION = 1;

const submitResultSchema = z.object({ id, secret: z.string(), isAiValid: z.boolean() });

const attentionItemSchema = queuedResponseSchema.extend({
  reason: z.enum(['rejected', 'createRejected', 'createMissing', 'otherBranch']),
  status: z.number().int().nullable(),
  code: z.number().int().nullable(),
  at: z.number(),
});

/** The stored queue record. */
export const offlineQueueSchema = z.object({
  version: z.literal(OFFLINE_QUEUE_VERSION),
  lastOfflineId: z.number().int().nonnegative(),
  items: z.array(queuedResponseSchema),
  results: z.record(z.string(), submitResultSchema),
  attention: z.array(attentionItemSchema),
  current: z.string().nullable(),
});
export type StoredOfflineQueue = z.infer<typeof offlineQueueSchema>;

/** The record to store. */
export const serialiseQueue = (queue: OfflineQueue): StoredOfflineQueue => ({
  version: OFFLINE_QUEUE_VERSION,
  ...queue,
});

const guidOf = (item: QueuedResponseV1): string | undefined => {
  const submit = item.args.payload as { payload?: { guid?: unknown } } | undefined;
  const guid = submit?.payload?.guid;
  return typeof guid === 'string' && guid !== '' ? guid : undefined;
};

const legacyKey = (responseId: string) => `legacy-response-${responseId}`;

/**
 * Version 1 items carried no response: a create's is its guid; a later request belongs to the create
 * before it, or, when it carries the response headers of a create sent earlier, to that response (whose
 * id and secret become a result); anything else gets a response of its own, which the flush sets aside
 * as `createMissing` instead of losing it.
 */
export const migrateV1Items = (
  items: readonly QueuedResponseV1[],
): { items: QueuedResponse[]; results: OfflineQueue['results'] } => {
  const results: OfflineQueue['results'] = {};
  let owner: string | undefined;
  const migrated = [...items]
    .sort((a, b) => a.offlineID - b.offlineID)
    .map((item): QueuedResponse => {
      const guid = isCreate(item) ? guidOf(item) : undefined;
      if (guid) owner = guid;
      const { responseId, responseSecret } = item.args.headers;
      let response = guid ?? owner;
      if (!guid && responseId && responseSecret) {
        response = legacyKey(responseId);
        results[response] = { id: Number(responseId), secret: responseSecret, isAiValid: false };
      }
      return {
        ...item,
        version: QUEUED_RESPONSE_VERSION,
        response: response ?? `orphan-${item.offlineID}`,
        branchId: null,
        rev: 0,
      };
    });
  return { items: migrated, results };
};

const anyItem = z.union([queuedResponseSchema, queuedResponseV1Schema]);
const legacyRecord = z.object({
  version: z.literal(OFFLINE_QUEUE_VERSION),
  lastOfflineId: z.number().int().nonnegative(),
  items: z.array(anyItem),
  results: z.record(z.string(), submitResultSchema),
  attention: z.array(attentionItemSchema),
  current: z.string().nullable(),
});

const upgradeItems = (items: readonly z.infer<typeof anyItem>[]) => {
  const old = items.filter((item): item is QueuedResponseV1 => item.version === 1);
  const current = items.filter((item): item is QueuedResponse => item.version === QUEUED_RESPONSE_VERSION);
  const upgraded = migrateV1Items(old);
  return {
    items: [...current, ...upgraded.items].sort((a, b) => a.offlineID - b.offlineID),
    results: upgraded.results,
  };
};

/**
 * Reads a stored queue: the current record, a record holding version-1 items, or the bare list of
 * version-1 queued responses an older app kept. Throws a ZodError for anything else, so the caller keeps
 * the raw record instead of overwriting it.
 */
export const parseStoredQueue = (raw: unknown): OfflineQueue => {
  if (Array.isArray(raw)) {
    const { items, results } = upgradeItems(z.array(anyItem).parse(raw));
    const lastOfflineId = items.reduce((max, item) => Math.max(max, item.offlineID), 0);
    return { lastOfflineId, items, results, attention: [], current: null };
  }
  const record = legacyRecord.parse(raw);
  const { items, results } = upgradeItems(record.items);
  const highest = [...items, ...record.attention].reduce((max, item) => Math.max(max, item.offlineID), 0);
  const { version: _version, ...queue } = record;
  return {
    ...queue,
    items,
    results: { ...results, ...queue.results },
    lastOfflineId: Math.max(queue.lastOfflineId, highest),
  };
};
