/** The upload flow and request handling around the queue (device-mode.md §2, §4; D2.12, D4.22–D4.41). */
import {
  CONNECTIVITY_WAIT_CHECKS,
  CONNECTIVITY_WAIT_INTERVAL_MS,
  POLLING_INTERVAL_MS,
  SENDING_FLAG_RESET_MS,
} from '../constants';
import { AuthType, type UpdateState } from '../enums';
import type { FlushRun, StopReason } from './queue-flush';
import { type OfflineQueue, storedResponseCount } from './queue-state';
import { responsesUpdateState } from './update-state';

/** Web mode sends at once; app mode keeps every request in the queue and flushes it (D4.36). */
export const requestRoute = (authType: AuthType): 'send' | 'queue' =>
  authType === AuthType.APP ? 'queue' : 'send';

/** What pressing Upload does first: nothing stored → true; offline → warn and false; else flush. */
export type UploadStart =
  | { action: 'none'; result: true }
  | { action: 'warnOffline'; result: false }
  | { action: 'flush'; updateState: UpdateState };

/** The start of the upload flow (D4.22, D4.23). */
export const uploadStart = (input: { storedCount: number; online: boolean }): UploadStart => {
  if (input.storedCount === 0) return { action: 'none', result: true };
  if (!input.online) return { action: 'warnOffline', result: false };
  return {
    action: 'flush',
    updateState: responsesUpdateState({ uploading: true, storedCount: input.storedCount }),
  };
};

/** The end of an upload: the flow's boolean, the modal and its counts, and the responses' new state. */
export type UploadSummary = {
  ok: boolean;
  modal: 'congratulations' | 'error';
  submitted: number;
  remaining: number;
  needsAttention: number;
  updateState: UpdateState;
};

/**
 * Sums up a finished flush (D2.12, D4.10, D4.26): it succeeded when the queue emptied with nothing set
 * aside; otherwise the error modal shows how many surveys went and how many remain.
 */
export const uploadSummary = (queue: OfflineQueue, run: FlushRun): UploadSummary => {
  const remaining = storedResponseCount(queue);
  const ok = run.status === 'done' && run.setAside === 0 && remaining === 0;
  return {
    ok,
    modal: ok ? 'congratulations' : 'error',
    submitted: run.submitted.length,
    remaining,
    needsAttention: queue.attention.length,
    updateState: responsesUpdateState({ uploading: false, storedCount: remaining }),
  };
};

/** While waiting for connectivity before a flush: go, check again after 100 ms, or give up after 150 checks. */
export const connectivityWait = (
  checksDone: number,
  online: boolean,
): { action: 'proceed' } | { action: 'wait'; ms: number } | { action: 'giveUp' } => {
  if (online) return { action: 'proceed' };
  if (checksDone >= CONNECTIVITY_WAIT_CHECKS) return { action: 'giveUp' };
  return { action: 'wait', ms: CONNECTIVITY_WAIT_INTERVAL_MS };
};

/** The sending flag set at `startedAt` (epoch ms) is still on at `now`; it clears after 1000 ms (D4.39). */
export const isSendingAt = (startedAt: number | null, now: number): boolean =>
  startedAt !== null && now - startedAt < SENDING_FLAG_RESET_MS;

/**
 * failedToSubmit after a submit attempt in app mode (D4.29, D4.41): a flush that failed a submit sets
 * it, and so does a send with neither a stored response for the current survey nor a new request.
 */
export const failedToSubmitAfter = (input: {
  hasStoredCurrent: boolean;
  hasNewRequest: boolean;
  run: Pick<FlushRun, 'failedToSubmit'> | null;
}): boolean => (!input.hasStoredCurrent && !input.hasNewRequest) || (input.run?.failedToSubmit ?? false);

/** The first timed retry after a flush that left surveys queued (D4.63); each next one waits twice as long. */
export const QUEUE_RETRY_FIRST_MS = 30_000;
/** The longest wait between timed retries: the polling check's interval (D4.18), 5 minutes. */
export const QUEUE_RETRY_MAX_MS = POLLING_INTERVAL_MS;

/**
 * D4.63 (issue 26 item 14): how long after a flush the queue tries again by itself, or null when it
 * should not. Only a flush stopped by the connection or the server (no answer, attempts used up) with
 * surveys still queued retries: a 401 resets the device, a client-wide refusal waits for an app update,
 * and a queue that emptied has nothing to send. `retries` counts the timed retries since the last flush
 * that ended otherwise: 30 s, 1, 2, 4 minutes, then every 5 minutes.
 */
export const timedRetryDelay = (input: {
  remaining: number;
  stopReason: StopReason | null;
  retries: number;
}): number | null => {
  if (input.remaining === 0) return null;
  if (input.stopReason !== 'offline' && input.stopReason !== 'attempts') return null;
  const doublings = Math.min(Math.max(0, input.retries), 10);
  return Math.min(QUEUE_RETRY_FIRST_MS * 2 ** doublings, QUEUE_RETRY_MAX_MS);
};
