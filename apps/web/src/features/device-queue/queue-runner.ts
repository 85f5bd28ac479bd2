/**
 * The flush loop (D4.24–D4.35): plans with the domain's planNextSend, sends, applies the answer with
 * applySendOutcome. Each step is saved before the next request goes, so a reload mid-flush loses
 * nothing: the new page starts a new flush from the queue's head (D4.30, D4.31). One flush at a time
 * per page, and across tabs through a Web Lock when the browser has them (D4.32).
 */
import {
  applySendOutcome,
  type FlushRun,
  type OfflineQueue,
  planNextSend,
  startFlush,
  type UploadSummary,
  uploadSummary,
} from '@venue-voice/domain';
import { type BatchState, batchable, sendBatch } from './queue-batch';
import { changeQueue, deletePhoto, readQueue } from './queue-db';
import { purgeExpiredContacts } from './queue-retention';
import { type QueueTransport, sendPlanned } from './queue-send';

export type QueueClock = { now: () => number; sleep: (ms: number) => Promise<void> };

export type QueueEnv = {
  /** The app-mode transport, or null before the device is registered (nothing is sent then). */
  transport: () => QueueTransport | null;
  /** The device's branch now: requests recorded for another branch are set aside (D4.45). */
  branchId: () => number | null;
  online: () => boolean;
  /** Runs the device reset (D4.1) after a 401; the queue is already saved and is not part of it. */
  onUnauthorised: () => void;
  /** Told after every saved change, so the status store follows. */
  onChange: (queue: OfflineQueue) => void;
  clock: QueueClock;
  /** Whether sending is paused (an app update is being applied, D4.51). */
  paused: () => boolean;
  /** The venue's contact-details retention in days, when its config is known (else 7, decision 0142). */
  contactRetentionDays?: () => number | undefined;
  /** Runs `retry` once after `ms` (the timed retry, D4.63); returns its cancel. */
  retryAfter: (ms: number, retry: () => void) => () => void;
  /** Told when a flush got surveys to the server, however it was started (the last-uploaded time, D4.11). */
  onUploaded?: (submitted: number) => void;
};

export type FlushResult = { status: 'flushed'; run: FlushRun; summary: UploadSummary } | { status: 'busy' };

const LOCK_NAME = 'venue-voice-queue-flush';
let running: Promise<FlushResult> | null = null;
const batches: BatchState = { supported: true };

/** Forgets that the server had no batch endpoint (tests, or after an app update). */
export const resetBatchSupport = () => {
  batches.supported = true;
};

const withLock = async (work: () => Promise<FlushResult>): Promise<FlushResult> => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return work();
  // ifAvailable: a flush running in another tab already sends this queue; this one has nothing to add.
  return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) =>
    lock ? work() : { status: 'busy' as const },
  );
};

/** The flush running in this page, if any (tests wait for it before changing the set-up). */
export const runningFlush = (): Promise<FlushResult> | null => running;

/** Flushes the queue once; while a flush runs, callers share it. */
export const flushQueue = (env: QueueEnv): Promise<FlushResult> => {
  running ??= withLock(() => runFlush(env)).finally(() => {
    running = null;
  });
  return running;
};

/** Removes photos no upload still needs (their request went, or was replaced). */
const dropSentPhotos = async (queue: OfflineQueue, responses: readonly string[]) => {
  for (const response of new Set(responses)) {
    const needed = [...queue.items, ...queue.attention].some(
      (item) => item.response === response && item.type === 'upload',
    );
    if (!needed) await deletePhoto(response);
  }
};

async function runFlush(env: QueueEnv): Promise<FlushResult> {
  // Contact details past their retention are not sent either: the server would keep them 7 more days.
  // Purged at the start, and again whenever kept details expire while this flush still runs.
  const purge = async () =>
    (await purgeExpiredContacts(env.clock.now(), env.contactRetentionDays?.()).catch(() => null))
      ?.nextExpiry ?? null;
  let nextExpiry = await purge();
  let run = startFlush(null) as FlushRun;
  const save = async <T extends { queue: OfflineQueue }>(change: (queue: OfflineQueue) => T): Promise<T> => {
    const value = await changeQueue((queue) => {
      const next = change(queue);
      return { queue: next.queue, value: next };
    });
    env.onChange(value.queue);
    return value;
  };
  for (;;) {
    const transport = env.transport();
    if (!transport || env.paused()) break;
    if (nextExpiry !== null && env.clock.now() >= nextExpiry) nextExpiry = await purge();
    const planned = await save((queue) =>
      planNextSend(queue, run, { branchId: env.branchId(), now: env.clock.now() }),
    );
    run = planned.run;
    const send = planned.send;
    if (!send) {
      if (run.status !== 'waiting') break;
      await env.clock.sleep(Math.max(0, (run.retryAt ?? 0) - env.clock.now()));
      continue;
    }
    const group = batches.supported ? batchable(planned.queue, env.branchId()) : [];
    const answer = group.length > 1 ? await sendBatch(transport, group, batches) : null;
    if (answer?.kind === 'items') {
      const applied = await save((queue) => {
        let next = { queue, run };
        for (const [index, outcome] of answer.outcomes.entries()) {
          const item = group[index];
          if (!item) break;
          next = applySendOutcome(
            next.queue,
            next.run,
            { item, response: null, attempt: 1 },
            outcome,
            env.clock.now(),
          );
          // The server stops at a fault it cannot answer for; the rest stay queued, in order.
          if (next.run.status !== 'running') break;
        }
        return next;
      });
      run = applied.run;
    } else {
      const outcome = answer?.kind === 'whole' ? answer.outcome : await sendPlanned(transport, send);
      const applied = await save((queue) => applySendOutcome(queue, run, send, outcome, env.clock.now()));
      run = applied.run;
      if (send.item.type === 'upload') await dropSentPhotos(applied.queue, [send.item.response]);
    }
    if (run.status === 'stopped') break;
  }
  // What stays on the device keeps no details that expired while this flush ran.
  if (nextExpiry !== null && env.clock.now() >= nextExpiry) await purge();
  const queue = await readQueue();
  env.onChange(queue);
  if (run.stopReason === 'unauthorised') env.onUnauthorised();
  return { status: 'flushed', run, summary: uploadSummary(queue, run) };
}
