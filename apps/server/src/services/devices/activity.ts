import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { devices } from '../../db/schema';

/** What one tablet call tells about its device (decision 0212). */
export interface DeviceCall {
  at: Date;
  /** A config download (survey.config answered). */
  sync?: boolean;
  /** A survey.submit or batch stored. */
  upload?: boolean;
  /** Responses it said it holds (X-Device-Queue), or null when it said nothing usable. */
  held: number | null;
}

/** Records tablets' calls: at most one write per device per interval, never on the request's path. */
export interface DeviceActivity {
  record(deviceRowId: number, call: DeviceCall): void;
  /** Writes everything pending now and waits for every write (tests; the app's close). */
  flush(): Promise<void>;
  /** Waits for the writes already started, leaving pending ones to their time. */
  settled(): Promise<void>;
}

interface Pending {
  seenAt: Date;
  syncAt: Date | null;
  uploadAt: Date | null;
  held: number | null;
}

interface Slot {
  pending: Pending | null;
  /** performance.now() of the last write started; the interval is timed by it, not by the app's clock. */
  lastWrite: number;
  timer: NodeJS.Timeout | null;
}

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a > b ? a : b);

/** At most this many devices are remembered; past it, the oldest idle ones are forgotten. */
const MAX_SLOTS = 50_000;

/**
 * The write of one device's pending activity. GREATEST keeps a time from going back when replicas write
 * out of order; the held count is the latest report. A write with neither a sync nor an upload is
 * skipped when another replica wrote within the interval, so replicas together write a device's "seen"
 * and held count about once an interval.
 */
async function write(db: Db, id: number, p: Pending, intervalMs: number): Promise<void> {
  const seen = p.seenAt.toISOString();
  // The held count is a gauge like "seen": the next write brings it again.
  const onlySeen = p.syncAt === null && p.uploadAt === null;
  await db
    .update(devices)
    .set({
      lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${seen}::timestamptz)`,
      ...(p.syncAt
        ? { lastSyncAt: sql`greatest(${devices.lastSyncAt}, ${p.syncAt.toISOString()}::timestamptz)` }
        : {}),
      ...(p.uploadAt
        ? { lastUploadAt: sql`greatest(${devices.lastUploadAt}, ${p.uploadAt.toISOString()}::timestamptz)` }
        : {}),
      ...(p.held !== null ? { heldResponses: p.held } : {}),
    })
    .where(
      onlySeen
        ? sql`${devices.id} = ${id} and (${devices.lastSeenAt} is null or ${devices.lastSeenAt} < ${seen}::timestamptz - make_interval(secs => ${intervalMs / 1000}))`
        : sql`${devices.id} = ${id}`,
    );
}

/**
 * Decision 0212: a tablet calls every few seconds while guests answer; writing its row each time would
 * double the writes of the hot path. Calls are merged per device and written at most once per
 * `intervalMs` (the first at once, later ones when the interval has passed), after the answer was sent.
 * A failed write is logged; the next call brings the device's state again.
 */
export function createDeviceActivity(deps: {
  db: Db;
  log: { warn(detail: object, message: string): void };
  intervalMs?: number;
}): DeviceActivity {
  const intervalMs = deps.intervalMs ?? 60_000;
  const slots = new Map<number, Slot>();
  const writing = new Set<Promise<void>>();

  const start = (id: number, slot: Slot) => {
    const pending = slot.pending;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    if (!pending) return;
    slot.pending = null;
    slot.lastWrite = performance.now();
    const done = write(deps.db, id, pending, intervalMs)
      .catch((error: unknown) => deps.log.warn({ err: error, device: id }, 'device activity not recorded'))
      .finally(() => writing.delete(done));
    writing.add(done);
  };

  const forgetIdle = () => {
    if (slots.size < MAX_SLOTS) return;
    const idleBefore = performance.now() - intervalMs;
    for (const [id, slot] of slots) if (!slot.pending && slot.lastWrite < idleBefore) slots.delete(id);
  };

  return {
    record(id, call) {
      let slot = slots.get(id);
      if (!slot) {
        forgetIdle();
        slot = { pending: null, lastWrite: Number.NEGATIVE_INFINITY, timer: null };
        slots.set(id, slot);
      }
      const was = slot.pending;
      slot.pending = {
        seenAt: later(was?.seenAt ?? null, call.at) as Date,
        syncAt: call.sync ? later(was?.syncAt ?? null, call.at) : (was?.syncAt ?? null),
        uploadAt: call.upload ? later(was?.uploadAt ?? null, call.at) : (was?.uploadAt ?? null),
        held: call.held ?? was?.held ?? null,
      };
      const wait = slot.lastWrite + intervalMs - performance.now();
      if (wait <= 0) start(id, slot);
      else if (!slot.timer) {
        const current = slot;
        slot.timer = setTimeout(() => start(id, current), wait);
        slot.timer.unref();
      }
    },
    async flush() {
      for (const [id, slot] of slots) start(id, slot);
      await Promise.all([...writing]);
    },
    async settled() {
      await Promise.all([...writing]);
    },
  };
}

/** The tablet's own calls whose answer counts as a config download, and as an upload (decision 0212). */
const SYNC_ROUTES = new Set(['/api/v1/survey/config']);
const UPLOAD_ROUTES = new Set(['/api/v1/survey/submit', '/api/v1/survey/submit/batch']);

/** What a finished request of an authenticated device tells (onResponse: the answer is already sent). */
export function deviceCallOf(
  route: string | undefined,
  status: number,
  held: number | null,
  at: Date,
): DeviceCall {
  const ok = status >= 200 && status < 300;
  return {
    at,
    sync: route !== undefined && SYNC_ROUTES.has(route) && (ok || status === 304),
    upload: route !== undefined && UPLOAD_ROUTES.has(route) && ok,
    held,
  };
}
