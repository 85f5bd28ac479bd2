import { describe, expect, it } from 'vitest';
import { CONNECTIVITY_WAIT_CHECKS, CONNECTIVITY_WAIT_INTERVAL_MS, SENDING_FLAG_RESET_MS } from '../constants';
import { UpdateState } from '../enums';
import { type FlushRun, startFlush } from './queue-flush';
import { emptyQueue, enqueue, type OfflineQueue } from './queue-state';
import {
  connectivityWait,
  failedToSubmitAfter,
  isSendingAt,
  QUEUE_RETRY_FIRST_MS,
  QUEUE_RETRY_MAX_MS,
  requestRoute,
  timedRetryDelay,
  uploadStart,
  uploadSummary,
} from './upload-flow';

const run = (patch: Partial<FlushRun>): FlushRun => ({ ...(startFlush(null) as FlushRun), ...patch });
const withResponses = (...guids: string[]): OfflineQueue =>
  guids.reduce((queue, guid) => enqueue(queue, { kind: 'create', payload: { guid } }, 1).queue, emptyQueue());

describe('upload flow and request handling', () => {
  it.each([
    ['app', 'queue'],
    ['web', 'send'],
  ] as const)('D4.36 in %s mode a request is %s', (mode, route) => {
    expect(requestRoute(mode)).toBe(route);
  });

  it.each([
    [
      { storedCount: 0, online: true },
      { action: 'none', result: true },
    ],
    [
      { storedCount: 0, online: false },
      { action: 'none', result: true },
    ],
  ])('D4.22 with nothing stored the upload does nothing and returns true (%j)', (input, expected) => {
    expect(uploadStart(input)).toEqual(expected);
  });

  it('D4.23 offline, the upload warns and returns false', () => {
    expect(uploadStart({ storedCount: 2, online: false })).toEqual({ action: 'warnOffline', result: false });
  });

  it('D4.24 otherwise the responses go in progress and the queue is flushed', () => {
    expect(uploadStart({ storedCount: 2, online: true })).toEqual({
      action: 'flush',
      updateState: UpdateState.IN_PROGRESS,
    });
  });

  it('D2.12 D4.10 an upload that emptied the queue ends with congratulations and done', () => {
    expect(uploadSummary(emptyQueue(), run({ status: 'done', submitted: ['a', 'b'] }))).toEqual({
      ok: true,
      modal: 'congratulations',
      submitted: 2,
      remaining: 0,
      needsAttention: 0,
      updateState: UpdateState.DONE,
    });
  });

  it('D2.12 D4.26 a failed upload shows the error modal with surveys submitted and remaining', () => {
    const summary = uploadSummary(withResponses('c', 'd', 'e'), run({ status: 'stopped', submitted: ['a'] }));
    expect(summary).toEqual({
      ok: false,
      modal: 'error',
      submitted: 1,
      remaining: 3,
      needsAttention: 0,
      updateState: UpdateState.PENDING,
    });
  });

  it('D4.33 an upload that set requests aside is not a success even though the queue emptied', () => {
    const summary = uploadSummary(emptyQueue(), run({ status: 'done', setAside: 1 }));
    expect(summary).toMatchObject({ ok: false, modal: 'error', remaining: 0, updateState: UpdateState.DONE });
  });

  it.each([
    [0, true, { action: 'proceed' }],
    [0, false, { action: 'wait', ms: CONNECTIVITY_WAIT_INTERVAL_MS }],
    [CONNECTIVITY_WAIT_CHECKS - 1, false, { action: 'wait', ms: CONNECTIVITY_WAIT_INTERVAL_MS }],
    [CONNECTIVITY_WAIT_CHECKS, false, { action: 'giveUp' }],
    [CONNECTIVITY_WAIT_CHECKS, true, { action: 'proceed' }],
  ])('D4.40 after %i checks, online %s: %j (up to 150 checks of 100 ms)', (checks, online, expected) => {
    expect(connectivityWait(checks, online)).toEqual(expected);
  });

  it.each([
    [null, 0, false],
    [1000, 1000, true],
    [1000, 1000 + SENDING_FLAG_RESET_MS - 1, true],
    [1000, 1000 + SENDING_FLAG_RESET_MS, false],
  ])('D4.39 the sending flag set at %s is on at %i: %s (clears after 1 s)', (startedAt, now, sending) => {
    expect(isSendingAt(startedAt, now)).toBe(sending);
  });

  it.each([
    [false, false, null, true],
    [true, false, null, false],
    [false, true, null, false],
    [true, true, { failedToSubmit: true }, true],
    [true, true, { failedToSubmit: false }, false],
  ])('D4.29 D4.41 stored %s, new request %s, run %j: failedToSubmit %s', (stored, fresh, flush, expected) => {
    expect(failedToSubmitAfter({ hasStoredCurrent: stored, hasNewRequest: fresh, run: flush })).toBe(
      expected,
    );
  });
});

describe('timed retry while surveys are queued', () => {
  it.each([
    [0, 30_000],
    [1, 60_000],
    [2, 120_000],
    [3, 240_000],
    [4, 300_000],
    [9, 300_000],
    [1000, 300_000],
  ])('D4.63 after %i timed retries a flush stopped offline waits %i ms', (retries, delay) => {
    expect(timedRetryDelay({ remaining: 1, stopReason: 'offline', retries })).toBe(delay);
  });

  it('D4.63 a flush that used up its attempts on server faults retries like one stopped offline', () => {
    expect(timedRetryDelay({ remaining: 3, stopReason: 'attempts', retries: 0 })).toBe(QUEUE_RETRY_FIRST_MS);
  });

  it.each([
    [{ remaining: 0, stopReason: 'offline' as const }],
    [{ remaining: 0, stopReason: null }],
    [{ remaining: 2, stopReason: null }],
    [{ remaining: 2, stopReason: 'unauthorised' as const }],
    [{ remaining: 2, stopReason: 'client' as const }],
  ])('D4.63 no timed retry after %j', (input) => {
    expect(timedRetryDelay({ ...input, retries: 0 })).toBeNull();
  });

  it('D4.63 the wait never exceeds the polling interval, so no survey waits longer than a poll check', () => {
    expect(QUEUE_RETRY_MAX_MS).toBe(300_000);
    for (let retries = 0; retries < 50; retries++)
      expect(timedRetryDelay({ remaining: 1, stopReason: 'offline', retries })).toBeLessThanOrEqual(
        QUEUE_RETRY_MAX_MS,
      );
  });
});
