/**
 * The tablet's offline queue (device-mode.md §3, §4; D4.22–D4.46; decisions 0004, 0090–0093). Every
 * app-mode response request goes through `queueRequest`: it is written to IndexedDB before the caller
 * hears "saved", then sent in order; only a 2xx removes it. `uploadStored` is the settings' Upload
 * button (D4.22–D4.26). Wire the device with `configureQueue` once it is registered.
 */
import {
  type CreatePayload,
  type EnqueueOutcome,
  enqueue,
  type QueueRequest,
  requeueAttention,
  type SubmitResponse,
  storedResponseCount,
  timedRetryDelay,
  type UploadSummary,
  uploadStart,
  VOUCHER_OFFER_HEADER,
  withdrawVoucherOffer,
} from '@venue-voice/domain';
import { reportHeldResponses } from '../../platform/device-api';
import { expectAnswer, onUnseenVoucher, waitForAnswer } from './create-answers';
import { askPersistentStorage, changeQueue, deletePhoto, getPhoto, putPhoto, readQueue } from './queue-db';
import {
  carriesContact,
  dateContactDetails,
  purgeExpiredContacts,
  RETENTION_JOB_MS,
} from './queue-retention';
import { type FlushResult, flushQueue, type QueueEnv, runningFlush } from './queue-runner';
import { publishQueue, useQueueStatusStore } from './queue-status';

export type { QueueEnv } from './queue-runner';
export type { QueueTransport } from './queue-send';
export { type QueueStatus, useQueueStatus } from './queue-status';

let paused = false;
const realClock = {
  now: () => Date.now(),
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};
let env: QueueEnv = {
  transport: () => null,
  branchId: () => null,
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onUnauthorised: () => {},
  onChange: publishQueue,
  clock: realClock,
  paused: () => paused,
  retryAfter: (ms, retry) => {
    const timer = setTimeout(retry, ms);
    return () => clearTimeout(timer);
  },
};

/** Sets how the queue sends (D-C's device credentials, its reset on 401); tests pass a clock. */
export const configureQueue = (next: Partial<Omit<QueueEnv, 'paused' | 'onChange'>>): void => {
  env = { ...env, ...next };
  // Every app-mode call tells the server how many surveys wait here (O3.15, decision 0212).
  reportHeldResponses(() => useQueueStatusStore.getState().waiting);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    // Back online: what waited goes up at once (D4.36), without staff pressing Upload.
    window.addEventListener('online', () => flushSoon());
  }
};
let listening = false;

/** A photo upload carries the image itself; it is stored as a Blob beside the queue. */
export type QueueInput =
  | Exclude<QueueRequest, { kind: 'upload' | 'deleteUpload' | 'track' }>
  | { kind: 'upload'; response: string; payload: { image: Blob; fileName: string } }
  | { kind: 'deleteUpload' | 'track'; response: string; payload: unknown; headers?: Record<string, string> };

/** The device's contact-details purge (decision 0142); a failed run is retried by the next one. */
const purgeContacts = () =>
  purgeExpiredContacts(env.clock.now(), env.contactRetentionDays?.()).catch(() => null);

/** The timed retry waiting to run (D4.63), and how many ran since a flush last ended otherwise. */
let retry: { cancel: () => void } | null = null;
let timedRetries = 0;

/**
 * D4.63 (issue 26 item 14): after a flush the connection or the server stopped with surveys still
 * queued, the queue tries again by itself, waiting longer each time (30 s up to 5 minutes), so a server
 * back after an outage gets them without anyone pressing Upload. Any other end stops the retries.
 */
const planRetry = (result: FlushResult) => {
  retry?.cancel();
  retry = null;
  const delay =
    result.status === 'flushed'
      ? timedRetryDelay({
          remaining: result.summary.remaining,
          stopReason: result.run.stopReason,
          retries: timedRetries,
        })
      : null;
  if (delay === null) {
    // Busy: the flush of another tab sends this queue and plans its own retries.
    if (result.status === 'flushed') timedRetries = 0;
    return;
  }
  retry = {
    cancel: env.retryAfter(delay, () => {
      retry = null;
      timedRetries += 1;
      flushSoon();
    }),
  };
};

const flush = async (): Promise<FlushResult> => {
  useQueueStatusStore.setState({ sending: true });
  try {
    const result = await flushQueue(env);
    if (result.status === 'flushed') {
      useQueueStatusStore.setState({ lastUpload: result.summary });
      if (result.summary.submitted > 0) env.onUploaded?.(result.summary.submitted);
    }
    planRetry(result);
    return result;
  } finally {
    useQueueStatusStore.setState({ sending: false });
  }
};

/** Sends what is waiting when it can (online, not paused, registered); never throws. */
const flushSoon = () => {
  if (paused || !env.online() || !env.transport()) return;
  flush().catch(() => {
    // A failed IndexedDB step leaves the queue as it was last saved; the next request or upload retries.
  });
};

/**
 * Keeps a request on the device (D4.36–D4.43) and resolves once it is stored, then starts sending.
 * A refused request (a caller bug, D4.42) resolves as refused and stores nothing.
 */
export const queueRequest = async (input: QueueInput): Promise<EnqueueOutcome> => {
  void askPersistentStorage();
  let request: QueueRequest;
  if (input.kind === 'upload') {
    await putPhoto(input.response, { blob: input.payload.image, fileName: input.payload.fileName });
    request = { kind: 'upload', response: input.response, payload: { fileName: input.payload.fileName } };
  } else request = input;
  if (input.kind === 'supplement' && carriesContact(input.payload))
    await dateContactDetails(input.response, env.clock.now());
  const outcome = await changeQueue((queue) => {
    const next = enqueue(queue, request, env.branchId());
    return { queue: next.queue, value: next };
  });
  publishQueue(outcome.queue);
  if (input.kind === 'upload' && outcome.outcome.status === 'refused') await deletePhoto(input.response);
  flushSoon();
  return outcome.outcome;
};

/**
 * D4.65: a create's answer carried a voucher no guest saw (it came after the wait, or after a reload):
 * the server is told, after the create, and withdraws the code (decision 0186).
 */
onUnseenVoucher((guid) => {
  void queueRequest({ kind: 'supplement', response: guid, payload: { voucherUnseen: true } }).catch(() => {
    // IndexedDB refused the write: the code stays issued to a response nobody was shown; nothing else is lost.
  });
});

/**
 * The photo a response's queue still holds to upload (the upload screen's preview after a reload); null
 * once it was sent, or when a later delete of the photo waits behind it.
 */
export const queuedPhoto = async (response: string): Promise<Blob | null> => {
  const queue = await readQueue();
  const last = queue.items.findLast(
    (item) => item.response === response && (item.type === 'upload' || item.type === 'deleteUpload'),
  );
  if (last?.type !== 'upload') return null;
  return (await getPhoto(response))?.blob ?? null;
};

export type UploadResult = { ok: boolean; summary: UploadSummary | null; offline: boolean; busy: boolean };

/** The settings' Upload (D4.22–D4.26): true with nothing stored, false offline, else the flush's result. */
export const uploadStored = async (): Promise<UploadResult> => {
  // Also when nothing is sent: expired details may wait in the needs-attention list.
  await purgeContacts();
  const queue = await readQueue();
  publishQueue(queue);
  const start = uploadStart({ storedCount: storedResponseCount(queue), online: env.online() });
  if (start.action === 'none') return { ok: true, summary: null, offline: false, busy: false };
  if (start.action === 'warnOffline') return { ok: false, summary: null, offline: true, busy: false };
  const result = await flush();
  if (result.status === 'busy') return { ok: false, summary: null, offline: false, busy: true };
  return { ok: result.summary.ok, summary: result.summary, offline: false, busy: false };
};

/** Puts a response's needs-attention requests back in the queue (a manual retry, D4.33). */
export const retryAttention = async (response: string): Promise<void> => {
  const queue = await changeQueue((stored) => {
    const next = requeueAttention(stored, response);
    return { queue: next, value: next };
  });
  publishQueue(queue);
  flushSoon();
};

/**
 * Stops sending after the request in flight (an app update is applied, D4.51); requests still queue.
 * Resolves once the running flush has stopped, so the update's reload never cuts an upload half-way.
 */
export const pauseSending = async (): Promise<void> => {
  paused = true;
  await runningFlush()?.catch(() => undefined);
};

export const resumeSending = (): void => {
  paused = false;
  flushSoon();
};

/** Reads the stored queue into the status store at app start, and sends what waited (D4.36). */
export const loadQueueStatus = async (): Promise<void> => {
  await purgeContacts();
  if (!retentionJobRunning) {
    retentionJobRunning = true;
    startRetentionJob();
  }
  publishQueue(await readQueue());
  flushSoon();
};
/** One retention job per page, for the page's life. */
let retentionJobRunning = false;

/** Runs the contact-details purge every job interval, on the queue's clock; returns its stop. */
export const startRetentionJob = (): (() => void) => {
  const timer = setInterval(() => void purgeContacts(), RETENTION_JOB_MS);
  return () => clearInterval(timer);
};

/** How a tablet's survey ended at checkout: answered by the server, or kept on the tablet to send later. */
export type AppSubmission = { state: 'sent'; answer: SubmitResponse } | { state: 'saved' };

/** How long the guest waits for an online tablet's answer (the voucher) before "saved on this tablet". */
export const ANSWER_WAIT_MS = 6000;

/**
 * The checkout's submit in app mode (D4.36): the create is stored first, then sent with the queue. When
 * the server answers while the guest waits, they see its answer (and voucher) as in web mode; otherwise
 * the survey is safely on the tablet and goes up later. Sending the same guid again is harmless: the
 * queue refuses a second create of a response and the server's answer is the first one's.
 *
 * Only a create the guest waits for asks for a voucher (D4.64): offline the guest is told at once that
 * none is given, and once the wait is over without an answer the stored create stops asking, so the
 * server never draws a voucher for a survey uploaded later (issue 26 item 16). An answer with a voucher
 * that comes after the wait has the server withdraw it (D4.65, `onUnseenVoucher` above).
 */
export const submitInAppMode = async (
  payload: CreatePayload,
  templateId: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<AppSubmission> => {
  const offer = env.online() && env.transport() !== null;
  if (offer) expectAnswer(payload.guid);
  await queueRequest({
    kind: 'create',
    payload,
    headers: { 'X-Template-Id': String(templateId), ...(offer ? { [VOUCHER_OFFER_HEADER]: '1' } : {}) },
  });
  const flush = runningFlush();
  const answer = await waitForAnswer(
    payload.guid,
    flush ? Promise.race([flush, wait(ANSWER_WAIT_MS)]) : Promise.resolve(),
  );
  if (answer) return { state: 'sent', answer };
  if (offer) await withdrawOffer(payload.guid);
  return { state: 'saved' };
};

/** The guest was told no voucher is given: the response's stored create no longer asks for one (D4.64). */
const withdrawOffer = async (response: string): Promise<void> => {
  const queue = await changeQueue((stored) => {
    const next = withdrawVoucherOffer(stored, response);
    return { queue: next, value: next };
  });
  publishQueue(queue);
};
