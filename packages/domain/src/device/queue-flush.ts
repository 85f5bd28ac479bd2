/**
 * Flushing the offline queue (device-mode.md §4 Flush, Upload flow; D4.24–D4.35): one request at a
 * time, in order, up to UPLOAD_ATTEMPTS tries UPLOAD_RETRY_WAIT_MS apart. Only a 2xx removes a request.
 */
import { UPLOAD_ATTEMPTS, UPLOAD_RETRY_WAIT_MS } from '../constants';
import { ErrorCodes } from '../errors';
import type { QueuedResponse } from '../schemas';
import {
  type AttentionItem,
  type AttentionReason,
  isCreate,
  type OfflineQueue,
  pruneResults,
  type SubmitResult,
} from './queue-state';

/** What the server (or the network) answered to one sent request. */
export type SendOutcome =
  | { kind: 'ok'; result?: SubmitResult }
  | { kind: 'network' }
  | { kind: 'http'; status: number; code?: number | null };

/** How a flush treats an answer. */
export type OutcomeClass = 'ok' | 'offline' | 'retry' | 'reject' | 'unauthorised' | 'client';

/** Errors about the device or the client, not the response: the request waits for a fix, never set aside. */
const CLIENT_CODES: readonly number[] = [
  ErrorCodes.CLIENT_REQUIRED,
  ErrorCodes.CLIENT_VERSION_NOT_SUPPORTED,
  ErrorCodes.CLIENT_INVALID,
];

/**
 * Classifies an answer: 2xx ok; no answer offline; 401 unauthorised (the device is reset), except a
 * wrong response secret (10029), which is the response's own fault; 408, 429 and 5xx retry; other 4xx
 * reject the request (needs attention), except client-wide codes, which stop and keep it.
 */
export const classifyOutcome = (outcome: SendOutcome): OutcomeClass => {
  if (outcome.kind === 'ok') return 'ok';
  if (outcome.kind === 'network') return 'offline';
  const { status, code } = outcome;
  if (status >= 200 && status < 300) return 'ok';
  if (code !== undefined && code !== null && CLIENT_CODES.includes(code)) return 'client';
  if (status === 401 && code !== ErrorCodes.INVALID_RESPONSE_REFERENCE) return 'unauthorised';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'reject';
};

export type StopReason = 'offline' | 'attempts' | 'unauthorised' | 'client';

/** One flush, kept in memory: a reload starts a new one and the queue is sent again from its head. */
export type FlushRun = {
  status: 'running' | 'waiting' | 'done' | 'stopped';
  /** Tries so far in this run of the request `attemptsOf` (an offlineID). */
  attempts: number;
  attemptsOf: number | null;
  /** Epoch ms when a waiting run may try again. */
  retryAt: number | null;
  inFlight: { offlineID: number; rev: number } | null;
  /** Responses (guids) whose last waiting request was acknowledged during this run, each once. */
  submitted: readonly string[];
  /** Requests set aside during this run. */
  setAside: number;
  failedToSubmit: boolean;
  stopReason: StopReason | null;
};

/** Starts a flush, or null when one is already running or waiting (only one flush at a time). */
export const startFlush = (current: FlushRun | null): FlushRun | null =>
  current && (current.status === 'running' || current.status === 'waiting')
    ? null
    : {
        status: 'running',
        attempts: 0,
        attemptsOf: null,
        retryAt: null,
        inFlight: null,
        submitted: [],
        setAside: 0,
        failedToSubmit: false,
        stopReason: null,
      };

/** A request ready to send, with the response id and secret of its create when it needs them. */
export type SendPlan = {
  item: QueuedResponse;
  response: { id: number; secret: string } | null;
  attempt: number;
};

const setAside = (
  queue: OfflineQueue,
  item: QueuedResponse,
  reason: AttentionReason,
  now: number,
  answer: { status: number | null; code: number | null } = { status: null, code: null },
): OfflineQueue => {
  const entry: AttentionItem = { ...item, reason, ...answer, at: now };
  return {
    ...queue,
    items: queue.items.filter((other) => other.offlineID !== item.offlineID),
    attention: [...queue.attention, entry],
  };
};

/** Why the head cannot be sent at all, if so: recorded for another branch, or its create is not sendable. */
const blockedReason = (queue: OfflineQueue, item: QueuedResponse, branchId: number | null) => {
  if (item.branchId !== null && branchId !== null && item.branchId !== branchId) return 'otherBranch';
  if (isCreate(item) || queue.results[item.response]) return null;
  const rejected = queue.attention.some((other) => other.response === item.response && isCreate(other));
  return rejected ? 'createRejected' : 'createMissing';
};

/**
 * The next request to send, or null (nothing to send, one in flight, waiting, or finished). Requests
 * that can never be sent as they stand are set aside on the way (D4.33, D4.45).
 */
export const planNextSend = (
  queue: OfflineQueue,
  run: FlushRun,
  context: { branchId: number | null; now: number },
): { queue: OfflineQueue; run: FlushRun; send: SendPlan | null } => {
  if (run.inFlight || run.status === 'done' || run.status === 'stopped') return { queue, run, send: null };
  if (run.status === 'waiting' && context.now < (run.retryAt ?? 0)) return { queue, run, send: null };
  let next = queue;
  let aside = run.setAside;
  for (let head = next.items[0]; head; head = next.items[0]) {
    const blocked = blockedReason(next, head, context.branchId);
    if (!blocked) {
      const result = next.results[head.response];
      const response = isCreate(head) || !result ? null : { id: result.id, secret: result.secret };
      // a new head (the failing one was replaced or set aside) starts its own count of attempts
      const attempts = head.offlineID === run.attemptsOf ? run.attempts : 0;
      const running: FlushRun = {
        ...run,
        attempts,
        attemptsOf: head.offlineID,
        status: 'running',
        retryAt: null,
        setAside: aside,
        inFlight: { offlineID: head.offlineID, rev: head.rev },
      };
      return { queue: next, run: running, send: { item: head, response, attempt: attempts + 1 } };
    }
    next = setAside(next, head, blocked, context.now);
    aside += 1;
  }
  return { queue: next, run: { ...run, status: 'done', retryAt: null, setAside: aside }, send: null };
};

const countAttempt = (queue: OfflineQueue, offlineID: number): OfflineQueue => ({
  ...queue,
  items: queue.items.map((item) =>
    item.offlineID === offlineID ? { ...item, attempts: item.attempts + 1 } : item,
  ),
});

/**
 * Applies the answer to a sent request. ok: removed (only if its content did not change meanwhile), a
 * create's result kept; offline: the flush stops, the request stays; retry: wait and try again, and after
 * the last attempt the flush stops with the request still stored (the architecture overrides the spec's
 * "dropped"); reject: set aside as needing attention and the flush goes on; unauthorised or client: stop.
 */
export const applySendOutcome = (
  queue: OfflineQueue,
  run: FlushRun,
  sent: SendPlan,
  outcome: SendOutcome,
  now: number,
): { queue: OfflineQueue; run: FlushRun } => {
  const kind = classifyOutcome(outcome);
  const { item } = sent;
  const current = queue.items.find((other) => other.offlineID === item.offlineID);
  const base: FlushRun = { ...run, inFlight: null };
  const isSubmit = item.type === 'submit';
  if (kind === 'ok') {
    const result = outcome.kind === 'ok' ? outcome.result : undefined;
    if (isCreate(item) && !result && !queue.results[item.response]) return retry(queue, base, sent, now);
    let next = queue;
    if (isCreate(item) && result && !next.results[item.response])
      next = { ...next, results: { ...next.results, [item.response]: result } };
    if (current && current.rev === item.rev)
      next = { ...next, items: next.items.filter((other) => other.offlineID !== item.offlineID) };
    const done = current !== undefined && !next.items.some((other) => other.response === item.response);
    const submitted =
      done && !base.submitted.includes(item.response) ? [...base.submitted, item.response] : base.submitted;
    return { queue: pruneResults(next), run: { ...base, attempts: 0, submitted } };
  }
  if (kind === 'retry') return retry(queue, base, sent, now);
  if (kind === 'reject') {
    const answer = { status: outcome.kind === 'http' ? outcome.status : null, code: httpCode(outcome) };
    const next = current ? setAside(queue, current, 'rejected', now, answer) : queue;
    const failed = base.failedToSubmit || isSubmit;
    return {
      queue: next,
      run: { ...base, attempts: 0, setAside: base.setAside + 1, failedToSubmit: failed },
    };
  }
  const stopReason: StopReason = kind;
  return {
    queue: countAttempt(queue, item.offlineID),
    run: { ...base, status: 'stopped', stopReason, failedToSubmit: base.failedToSubmit || isSubmit },
  };
};

const httpCode = (outcome: SendOutcome): number | null =>
  outcome.kind === 'http' ? (outcome.code ?? null) : null;

const retry = (queue: OfflineQueue, run: FlushRun, sent: SendPlan, now: number) => {
  const attempts = run.attempts + 1;
  const next = countAttempt(queue, sent.item.offlineID);
  if (attempts >= UPLOAD_ATTEMPTS) {
    const failedToSubmit = run.failedToSubmit || sent.item.type === 'submit';
    return {
      queue: next,
      run: { ...run, attempts, status: 'stopped' as const, stopReason: 'attempts' as const, failedToSubmit },
    };
  }
  return {
    queue: next,
    run: { ...run, attempts, status: 'waiting' as const, retryAt: now + UPLOAD_RETRY_WAIT_MS },
  };
};
