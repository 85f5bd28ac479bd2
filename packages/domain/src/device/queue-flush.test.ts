import { describe, expect, it } from 'vitest';
import { UPLOAD_ATTEMPTS, UPLOAD_RETRY_WAIT_MS } from '../constants';
import { ErrorCodes } from '../errors';
import {
  applySendOutcome,
  classifyOutcome,
  type FlushRun,
  type OutcomeClass,
  planNextSend,
  type SendOutcome,
  type SendPlan,
  startFlush,
} from './queue-flush';
import { emptyQueue, enqueue, type OfflineQueue, type QueueRequest } from './queue-state';

const BRANCH = 7;
const ctx = (now = 1000) => ({ branchId: BRANCH, now });
const result = (id: number) => ({ id, secret: `secret-${id}`, isAiValid: false });
const build = (...requests: QueueRequest[]): OfflineQueue =>
  requests.reduce((queue, request) => enqueue(queue, request, BRANCH).queue, emptyQueue());
const create = (guid: string): QueueRequest => ({ kind: 'create', payload: { guid } });
const track = (response: string): QueueRequest => ({
  kind: 'track',
  response,
  payload: { actions: ['shared_email'] },
});

const fresh = (): FlushRun => {
  const run = startFlush(null);
  if (!run) throw new Error('expected a run');
  return run;
};

/** Plans the next send and fails the test when there is none. */
const next = (queue: OfflineQueue, run: FlushRun, now = 1000) => {
  const planned = planNextSend(queue, run, ctx(now));
  if (!planned.send) throw new Error('expected a request to send');
  return planned as typeof planned & { send: SendPlan };
};

describe('offline queue: flush', () => {
  it.each<[SendOutcome, OutcomeClass]>([
    [{ kind: 'ok' }, 'ok'],
    [{ kind: 'http', status: 204 }, 'ok'],
    [{ kind: 'network' }, 'offline'],
    [{ kind: 'http', status: 500, code: ErrorCodes.INTERNAL }, 'retry'],
    [{ kind: 'http', status: 503, code: ErrorCodes.SERVICE_UNAVAILABLE }, 'retry'],
    [{ kind: 'http', status: 502 }, 'retry'],
    [{ kind: 'http', status: 408 }, 'retry'],
    [{ kind: 'http', status: 429 }, 'retry'],
    [{ kind: 'http', status: 400, code: ErrorCodes.FORM_VALIDATION }, 'reject'],
    [{ kind: 'http', status: 409, code: ErrorCodes.TRANSACTION_PIN_ALREADY_USED }, 'reject'],
    [{ kind: 'http', status: 413, code: ErrorCodes.UPLOAD }, 'reject'],
    [{ kind: 'http', status: 401, code: ErrorCodes.INVALID_RESPONSE_REFERENCE }, 'reject'],
    [{ kind: 'http', status: 401, code: ErrorCodes.NOT_AUTHENTICATED }, 'unauthorised'],
    [{ kind: 'http', status: 401, code: ErrorCodes.INVALID_DEVICE_REFERENCE }, 'unauthorised'],
    [{ kind: 'http', status: 401 }, 'unauthorised'],
    [{ kind: 'http', status: 400, code: ErrorCodes.CLIENT_VERSION_NOT_SUPPORTED }, 'client'],
    [{ kind: 'http', status: 400, code: ErrorCodes.CLIENT_INVALID }, 'client'],
  ])('D4.35 %j is treated as %s', (outcome, expected) => {
    expect(classifyOutcome(outcome)).toBe(expected);
  });

  it('D4.32 only one flush runs at a time', () => {
    const run = fresh();
    expect(startFlush(run)).toBeNull();
    expect(startFlush({ ...run, status: 'waiting' })).toBeNull();
    expect(startFlush({ ...run, status: 'done' })).toMatchObject({ status: 'running', submitted: [] });
    expect(startFlush({ ...run, status: 'stopped' })).toMatchObject({ status: 'running' });
  });

  it('D4.27 requests go one at a time, in order', () => {
    const queue = build(create('a'), create('b'));
    const first = next(queue, fresh());
    expect(first.send.item.offlineID).toBe(1);
    expect(planNextSend(first.queue, first.run, ctx()).send).toBeNull();
    const after = applySendOutcome(
      first.queue,
      first.run,
      first.send,
      { kind: 'ok', result: result(10) },
      1000,
    );
    expect(next(after.queue, after.run).send.item.offlineID).toBe(2);
  });

  it('D4.28 a create’s result supplies response id and secret to the later requests of its response', () => {
    const queue = build(create('a'), track('a'), create('b'), track('b'));
    let state = { queue, run: fresh() };
    const sent: SendPlan[] = [];
    for (let id = 1; id <= 4; id++) {
      const planned = next(state.queue, state.run);
      sent.push(planned.send);
      state = applySendOutcome(
        planned.queue,
        planned.run,
        planned.send,
        { kind: 'ok', result: result(id * 10) },
        0,
      );
    }
    expect(sent.map((plan) => plan.response)).toEqual([
      null,
      { id: 10, secret: 'secret-10' },
      null,
      { id: 30, secret: 'secret-30' },
    ]);
    expect(state.queue.items).toEqual([]);
    expect(planNextSend(state.queue, state.run, ctx()).run.status).toBe('done');
  });

  it('D4.31 a 2xx removes the request and keeps the create’s result; a repeated result never replaces it', () => {
    const planned = next(build(create('a'), track('a')), fresh());
    const after = applySendOutcome(
      planned.queue,
      planned.run,
      planned.send,
      { kind: 'ok', result: result(1) },
      0,
    );
    expect(after.queue.items.map((item) => item.offlineID)).toEqual([2]);
    expect(after.queue.results).toEqual({ a: result(1) });
    const again = applySendOutcome(
      after.queue,
      after.run,
      planned.send,
      { kind: 'ok', result: result(2) },
      0,
    );
    expect(again.queue.results).toEqual({ a: result(1) });
  });

  it('D4.31 a 2xx to a create without an id is not taken as done: the create is tried again', () => {
    const planned = next(build(create('a')), fresh());
    const after = applySendOutcome(planned.queue, planned.run, planned.send, { kind: 'ok' }, 0);
    expect(after.queue.items).toHaveLength(1);
    expect(after.run).toMatchObject({ status: 'waiting', attempts: 1 });
  });

  it('D4.30 a network error stops the flush and leaves the request stored', () => {
    const planned = next(build(create('a'), track('a')), fresh());
    const after = applySendOutcome(planned.queue, planned.run, planned.send, { kind: 'network' }, 0);
    expect(after.run).toMatchObject({ status: 'stopped', stopReason: 'offline', failedToSubmit: true });
    expect(after.queue.items.map((item) => [item.offlineID, item.attempts])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(planNextSend(after.queue, after.run, ctx()).send).toBeNull();
  });

  it('D4.24 a failure waits 3000 ms and retries the same request, up to 4 attempts', () => {
    let queue = build(create('a'));
    let run = fresh();
    let now = 0;
    const attempts: number[] = [];
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
      const planned = next(queue, run, now);
      attempts.push(planned.send.attempt);
      ({ queue, run } = applySendOutcome(
        planned.queue,
        planned.run,
        planned.send,
        { kind: 'http', status: 500 },
        now,
      ));
      if (attempt < UPLOAD_ATTEMPTS) {
        expect(run).toMatchObject({ status: 'waiting', retryAt: now + UPLOAD_RETRY_WAIT_MS });
        expect(planNextSend(queue, run, ctx(now + UPLOAD_RETRY_WAIT_MS - 1)).send).toBeNull();
        now += UPLOAD_RETRY_WAIT_MS;
      }
    }
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(run).toMatchObject({ status: 'stopped', stopReason: 'attempts', failedToSubmit: true });
  });

  it('D4.25 after the 4th failure the request stays stored (never dropped)', () => {
    let queue = build(create('a'), track('a'));
    let run = fresh();
    for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
      const planned = next(queue, run, attempt * UPLOAD_RETRY_WAIT_MS);
      ({ queue, run } = applySendOutcome(
        planned.queue,
        planned.run,
        planned.send,
        { kind: 'http', status: 503 },
        0,
      ));
    }
    expect(queue.items.map((item) => [item.offlineID, item.attempts])).toEqual([
      [1, 4],
      [2, 0],
    ]);
    // a new upload starts counting again from the first attempt
    expect(next(queue, fresh()).send.attempt).toBe(1);
  });

  it('D4.29 a failed track does not set failedToSubmit; a failed submit does', () => {
    const withResult = enqueue(
      { ...emptyQueue(), results: { a: result(1) }, current: 'a' },
      track('a'),
      BRANCH,
    ).queue;
    const planned = next(withResult, fresh());
    const after = applySendOutcome(planned.queue, planned.run, planned.send, { kind: 'network' }, 0);
    expect(after.run.failedToSubmit).toBe(false);
  });

  it('D4.33 a 4xx sets the request aside as needing attention and the flush goes on', () => {
    const planned = next(build(create('a'), create('b')), fresh());
    const outcome: SendOutcome = { kind: 'http', status: 400, code: ErrorCodes.FORM_VALIDATION };
    const after = applySendOutcome(planned.queue, planned.run, planned.send, outcome, 1234);
    expect(after.queue.attention).toEqual([
      expect.objectContaining({ offlineID: 1, reason: 'rejected', status: 400, code: 10025, at: 1234 }),
    ]);
    expect(after.run).toMatchObject({ status: 'running', setAside: 1, failedToSubmit: true });
    expect(next(after.queue, after.run).send.item.offlineID).toBe(2);
  });

  it('D4.33 the later requests of a rejected create are set aside too, not sent without an id', () => {
    const planned = next(build(create('a'), track('a'), create('b')), fresh());
    const after = applySendOutcome(
      planned.queue,
      planned.run,
      planned.send,
      { kind: 'http', status: 400 },
      5,
    );
    const following = next(after.queue, after.run, 6);
    expect(following.send.item.response).toBe('b');
    expect(following.queue.attention.map((item) => [item.offlineID, item.reason])).toEqual([
      [1, 'rejected'],
      [2, 'createRejected'],
    ]);
    expect(following.run.setAside).toBe(2);
  });

  it('D4.33 a request whose response has neither create nor result is set aside as createMissing', () => {
    const queue = build(create('a'), track('a'));
    const orphan: OfflineQueue = { ...queue, items: queue.items.slice(1) };
    const planned = planNextSend(orphan, fresh(), ctx());
    expect(planned.send).toBeNull();
    expect(planned.queue.attention.map((item) => item.reason)).toEqual(['createMissing']);
    expect(planned.run.status).toBe('done');
  });

  it.each([
    [{ kind: 'http', status: 401 } as SendOutcome, 'unauthorised'],
    [{ kind: 'http', status: 400, code: ErrorCodes.CLIENT_VERSION_NOT_SUPPORTED } as SendOutcome, 'client'],
  ])('D4.34 %j stops the flush and keeps the request (%s)', (outcome, reason) => {
    const planned = next(build(create('a')), fresh());
    const after = applySendOutcome(planned.queue, planned.run, planned.send, outcome, 0);
    expect(after.run).toMatchObject({ status: 'stopped', stopReason: reason });
    expect(after.queue.items).toHaveLength(1);
    expect(after.queue.attention).toHaveLength(0);
  });

  it('D4.45 a request recorded for another branch is set aside, one of unknown branch is sent', () => {
    const queue = build(create('a'));
    const [item] = queue.items;
    if (!item) throw new Error('expected an item');
    const foreign: OfflineQueue = { ...queue, items: [{ ...item, branchId: 99 }] };
    const planned = planNextSend(foreign, fresh(), ctx());
    expect(planned.send).toBeNull();
    expect(planned.queue.attention.map((entry) => entry.reason)).toEqual(['otherBranch']);
    const unknown: OfflineQueue = { ...queue, items: [{ ...item, branchId: null }] };
    expect(planNextSend(unknown, fresh(), ctx()).send?.item.offlineID).toBe(1);
  });

  it('D4.46 an acknowledgement of older content does not remove a request merged while in flight', () => {
    const base = build(create('a'));
    const created = next(base, fresh());
    const afterCreate = applySendOutcome(
      created.queue,
      created.run,
      created.send,
      { kind: 'ok', result: result(1) },
      0,
    );
    const withSupplement = enqueue(
      afterCreate.queue,
      { kind: 'supplement', response: 'a', payload: { permitted: false } },
      BRANCH,
    );
    const inFlight = next(withSupplement.queue, afterCreate.run);
    const merged = enqueue(
      inFlight.queue,
      { kind: 'supplement', response: 'a', payload: { permitted: true } },
      BRANCH,
    );
    expect(merged.outcome.status).toBe('merged');
    const acked = applySendOutcome(merged.queue, inFlight.run, inFlight.send, { kind: 'ok' }, 0);
    expect(acked.queue.items).toHaveLength(1);
    const resend = next(acked.queue, acked.run);
    expect(resend.send.item.args.payload).toEqual({ type: 'supplement', payload: { permitted: true } });
    const done = applySendOutcome(resend.queue, resend.run, resend.send, { kind: 'ok' }, 0);
    expect(done.queue.items).toEqual([]);
    expect(done.run.submitted).toEqual(['a']);
  });

  it('D4.43 an upload replaced while in flight: its acknowledgement changes nothing, the new one is sent', () => {
    const base = { ...emptyQueue(), results: { a: result(1) }, current: 'a' };
    const first = enqueue(base, { kind: 'upload', response: 'a', payload: 1 }, BRANCH).queue;
    const inFlight = next(first, fresh());
    const replaced = enqueue(inFlight.queue, { kind: 'upload', response: 'a', payload: 2 }, BRANCH).queue;
    const acked = applySendOutcome(replaced, inFlight.run, inFlight.send, { kind: 'http', status: 500 }, 0);
    expect(acked.queue.items.map((item) => item.args.payload)).toEqual([2]);
    const again = next(acked.queue, acked.run, UPLOAD_RETRY_WAIT_MS);
    expect(again.send).toMatchObject({ attempt: 1, item: { offlineID: 2 } });
  });
});
