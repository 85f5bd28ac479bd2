/**
 * Contact details on the tablet follow the privacy notice (device-mode.md §1, §9: deleted after 7 days),
 * as the server's purge job does for what it holds (decision 0142). A tablet offline for longer keeps
 * the guest's feedback until it is uploaded (the queue never drops a response) but not the name, email
 * or phone given with it: those leave the queued supplement once they are older than the retention.
 * Each response's first contact details are dated on the device, in the queue store under its own key,
 * written before the supplement itself, so no detail is ever stored without its date.
 */
import {
  CONTACT_DATA_RETENTION_DAYS,
  type OfflineQueue,
  parseStoredQueue,
  QueuedRequestType,
  serialiseQueue,
  submitKind,
} from '@venue-voice/domain';
import { queueDb } from './queue-db';

/** The device's purge runs this often (and at app start and before each upload), as the server's job. */
export const RETENTION_JOB_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATES_KEY = 'contact-given';
const STATE_KEY = 'state';

type Dates = Record<string, number>;

const readDates = (raw: unknown): Dates =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...(raw as Dates) } : {};

/** Dates a response's contact details at `now`, unless an earlier date is kept (the earlier one wins). */
export const dateContactDetails = async (response: string, now: number): Promise<void> => {
  const db = await queueDb();
  const tx = db.transaction('queue', 'readwrite');
  const dates = readDates(await tx.store.get(DATES_KEY));
  if (dates[response] === undefined) {
    dates[response] = now;
    await tx.store.put(dates, DATES_KEY);
  }
  await tx.done;
};

type Item = OfflineQueue['items'][number];

const withoutContact = <T extends Item>(item: T, expired: Set<string>): T => {
  if (!expired.has(item.response) || item.type !== QueuedRequestType.SUBMIT) return item;
  const args = item.args.payload as { type?: string; payload?: Record<string, unknown> };
  if (submitKind(args) !== 'supplement' || !args.payload || !('contact' in args.payload)) return item;
  const { contact: _dropped, ...rest } = args.payload;
  // A new rev: an answer to the older content (in flight) must not count for this one (D4.46).
  return { ...item, rev: item.rev + 1, args: { ...item.args, payload: { ...args, payload: rest } } };
};

/**
 * Removes contact details given more than `days` ago from the queued supplements (and the needs-attention
 * list), and forgets the dates of responses no longer on the device. Answers how many responses lost
 * them and when the next kept details expire (null: none kept), so a long flush can purge again then.
 */
export const purgeExpiredContacts = async (
  now: number,
  days: number = CONTACT_DATA_RETENTION_DAYS,
): Promise<{ purged: number; nextExpiry: number | null }> => {
  const db = await queueDb();
  const tx = db.transaction('queue', 'readwrite');
  const dates = readDates(await tx.store.get(DATES_KEY));
  const raw = await tx.store.get(STATE_KEY);
  let queue: OfflineQueue | null = null;
  try {
    queue = raw === undefined ? null : parseStoredQueue(raw);
  } catch {
    // An unreadable record is changeQueue's to move aside; nothing here rewrites it.
  }
  const onDevice = new Set(
    [...(queue?.items ?? []), ...(queue?.attention ?? [])].map((item) => item.response),
  );
  const expired = new Set(
    Object.entries(dates)
      .filter(([, at]) => now - at >= days * DAY_MS)
      .map(([response]) => response),
  );
  const kept = Object.fromEntries(
    Object.entries(dates).filter(([response]) => onDevice.has(response) && !expired.has(response)),
  );
  if (queue && expired.size > 0) {
    const next: OfflineQueue = {
      ...queue,
      items: queue.items.map((item) => withoutContact(item, expired)),
      attention: queue.attention.map((item) => withoutContact(item, expired)),
    };
    await tx.store.put(serialiseQueue(next), STATE_KEY);
  }
  if (Object.keys(kept).length !== Object.keys(dates).length) await tx.store.put(kept, DATES_KEY);
  await tx.done;
  const expiries = Object.values(kept).map((at) => at + days * DAY_MS);
  return {
    purged: [...expired].filter((response) => onDevice.has(response)).length,
    nextExpiry: expiries.length > 0 ? Math.min(...expiries) : null,
  };
};

/** Whether a queued supplement input carries contact details (the only personal data the queue keeps). */
export const carriesContact = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && 'contact' in payload;
