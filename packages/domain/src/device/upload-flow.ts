/** The upload flow and request handling around the queue (device-mode.md §2, §4; D2.12, D4.22–D4.41). */
import { CONNECTIVITY_WAIT_CHECKS, CONNECTIVITY_WAIT_INTERVAL_MS, SENDING_FLAG_RESET_MS } from '../constants';
import { AuthType, type UpdateState } from '../enums';
import type { FlushRun } from './queue-flush';
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
