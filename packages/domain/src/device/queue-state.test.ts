import { describe, expect, it } from 'vitest';
import { QUEUED_RESPONSE_VERSION } from '../schemas';
import {
  emptyQueue,
  enqueue,
  isCreate,
  mergeSupplement,
  type OfflineQueue,
  type QueueRequest,
  requeueAttention,
  responsesOnDevice,
  storedResponseCount,
  VOUCHER_OFFER_HEADER,
  withdrawVoucherOffer,
} from './queue-state';

const BRANCH = 7;
const create = (guid: string): QueueRequest => ({
  kind: 'create',
  payload: { guid },
  headers: { templateId: '3' },
});
const supplement = (response: string, payload: Record<string, unknown>): QueueRequest => ({
  kind: 'supplement',
  response,
  payload,
});
const other = (
  kind: 'upload' | 'deleteUpload' | 'track',
  response: string,
  payload: unknown = {},
): QueueRequest => ({
  kind,
  response,
  payload,
});

/** Applies requests in turn, failing the test on an unexpected refusal. */
const build = (...requests: QueueRequest[]): OfflineQueue =>
  requests.reduce((queue, request) => enqueue(queue, request, BRANCH).queue, emptyQueue());

describe('offline queue: enqueue', () => {
  it('D4.37 offlineIDs run from 1, in order, and a create becomes the current response', () => {
    const queue = build(create('a'), other('track', 'a'), create('b'));
    expect(queue.items.map((item) => item.offlineID)).toEqual([1, 2, 3]);
    expect(queue.lastOfflineId).toBe(3);
    expect(queue.current).toBe('b');
    expect(queue.items[0]).toMatchObject({
      version: QUEUED_RESPONSE_VERSION,
      type: 'submit',
      response: 'a',
      branchId: BRANCH,
      args: { payload: { type: 'create', payload: { guid: 'a' } }, headers: { templateId: '3' } },
      attempts: 0,
      rev: 0,
    });
  });

  it('D4.37 an id is never reused, even after the request holding it is replaced', () => {
    const queue = build(create('a'), other('upload', 'a', 1), other('upload', 'a', 2));
    expect(queue.items.map((item) => item.offlineID)).toEqual([1, 3]);
    const next = enqueue(queue, other('track', 'a'), BRANCH);
    expect(next.outcome).toEqual({ status: 'queued', offlineID: 4 });
  });

  it.each([
    ['a create already queued', build(create('a')), 'createQueued'],
    [
      'a submit result already known',
      { ...emptyQueue(), results: { a: { id: 1, secret: 's', isAiValid: false } } },
      'alreadySubmitted',
    ],
  ] as const)('D4.42 a second create for one response is refused: %s', (_name, queue, reason) => {
    const result = enqueue(queue, create('a'), BRANCH);
    expect(result.outcome).toEqual({ status: 'refused', reason });
    expect(result.queue).toBe(queue);
  });

  it('D4.42 a create set aside as needing attention still counts as the response’s create', () => {
    const queue = build(create('a'));
    const [item] = queue.items;
    if (!item) throw new Error('expected an item');
    const aside: OfflineQueue = {
      ...queue,
      items: [],
      attention: [{ ...item, reason: 'rejected', status: 400, code: 10025, at: 0 }],
    };
    expect(enqueue(aside, create('a'), BRANCH).outcome).toEqual({
      status: 'refused',
      reason: 'createQueued',
    });
  });

  it('D4.42 creates of different responses queue side by side', () => {
    const queue = build(create('a'), create('b'), create('c'));
    expect(queue.items.filter(isCreate)).toHaveLength(3);
    expect(storedResponseCount(queue)).toBe(3);
  });

  it('D4.38 a supplement merges into the response’s queued supplement; later values win', () => {
    const queue = build(
      create('a'),
      supplement('a', { permitted: false, contact: { name: 'Ann' } }),
      other('track', 'a'),
      supplement('a', { permitted: true, contact: { email: 'ann@example.com' } }),
    );
    expect(queue.items).toHaveLength(3);
    expect(queue.items[1]).toMatchObject({
      offlineID: 2,
      rev: 1,
      args: {
        payload: {
          type: 'supplement',
          payload: { permitted: true, contact: { name: 'Ann', email: 'ann@example.com' } },
        },
      },
    });
  });

  it('D4.38 the first supplement of a response is queued after its create', () => {
    const result = enqueue(build(create('a')), supplement('a', { permitted: true }), BRANCH);
    expect(result.outcome).toEqual({ status: 'queued', offlineID: 2 });
  });

  it.each([
    [{ a: 1 }, { b: 2 }, { a: 1, b: 2 }],
    [{ a: 1 }, { a: 2 }, { a: 2 }],
    [{ c: { x: 1, y: 1 } }, { c: { y: 2 } }, { c: { x: 1, y: 2 } }],
    [{ c: { x: 1 } }, { c: null }, { c: null }],
    [{ l: [1, 2] }, { l: [3] }, { l: [3] }],
  ])('D4.38 mergeSupplement(%j, %j) is %j', (earlier, later, merged) => {
    expect(mergeSupplement(earlier, later)).toEqual(merged);
  });

  it.each(['upload', 'deleteUpload'] as const)(
    'D4.43 a %s replaces the earlier ones of its type for that response and goes to the back',
    (kind) => {
      const queue = build(
        create('a'),
        create('b'),
        other(kind, 'a', 1),
        other(kind, 'b', 1),
        other('track', 'a'),
      );
      const result = enqueue(queue, other(kind, 'a', 2), BRANCH);
      expect(result.outcome).toEqual({ status: 'replaced', offlineID: 6 });
      expect(result.queue.items.map((item) => [item.response, item.type, item.args.payload])).toEqual([
        ['a', 'submit', { type: 'create', payload: { guid: 'a' } }],
        ['b', 'submit', { type: 'create', payload: { guid: 'b' } }],
        ['b', kind, 1],
        ['a', 'track', {}],
        ['a', kind, 2],
      ]);
    },
  );

  it('D4.43 an upload after a delete keeps the delete (they are different types), in order', () => {
    const queue = build(
      create('a'),
      other('upload', 'a', 1),
      other('deleteUpload', 'a'),
      other('upload', 'a', 2),
    );
    expect(queue.items.map((item) => item.type)).toEqual(['submit', 'deleteUpload', 'upload']);
  });

  it('D4.43 tracks are never merged or replaced', () => {
    const queue = build(create('a'), other('track', 'a', 1), other('track', 'a', 1));
    expect(queue.items.map((item) => item.type)).toEqual(['submit', 'track', 'track']);
  });

  it.each(['supplement', 'upload', 'deleteUpload', 'track'] as const)(
    'D4.42 a %s for a response with no create and no result is refused',
    (kind) => {
      const request = kind === 'supplement' ? supplement('zz', {}) : other(kind, 'zz');
      expect(enqueue(build(create('a')), request, BRANCH).outcome).toEqual({
        status: 'refused',
        reason: 'unknownResponse',
      });
    },
  );

  it('D4.42 a request for a response already created on the server is queued with no create', () => {
    const queue: OfflineQueue = {
      ...emptyQueue(),
      results: { a: { id: 9, secret: 's', isAiValid: true } },
      current: 'a',
    };
    expect(enqueue(queue, supplement('a', { permitted: true }), BRANCH).outcome).toEqual({
      status: 'queued',
      offlineID: 1,
    });
  });

  it('D4.42 results of responses that are neither current nor waiting are forgotten when a new response starts', () => {
    const queue: OfflineQueue = {
      ...emptyQueue(),
      results: {
        old: { id: 1, secret: 's', isAiValid: false },
        kept: { id: 2, secret: 't', isAiValid: false },
      },
      current: 'old',
    };
    const withKept = enqueue(queue, other('track', 'kept'), BRANCH).queue;
    const next = enqueue(withKept, create('new'), BRANCH).queue;
    expect(Object.keys(next.results)).toEqual(['kept']);
  });

  it('D4.33 a set-aside response can be put back in the queue in its original order', () => {
    const queue = build(create('a'), create('b'), other('track', 'a'));
    const [first, , third] = queue.items;
    if (!first || !third) throw new Error('expected items');
    const aside: OfflineQueue = {
      ...queue,
      items: queue.items.filter((item) => item.response !== 'a'),
      attention: [first, third].map((item) => ({
        ...item,
        reason: 'rejected' as const,
        status: 400,
        code: null,
        at: 5,
      })),
    };
    const back = requeueAttention(aside, 'a');
    expect(back.items.map((item) => item.offlineID)).toEqual([1, 2, 3]);
    expect(back.items[0]).not.toHaveProperty('reason');
    expect(back.attention).toEqual([]);
    expect(requeueAttention(back, 'a')).toBe(back);
  });
});

describe('offline queue: what the staff home counts and the voucher offer', () => {
  const setAside = (queue: OfflineQueue, response: string): OfflineQueue => {
    const moved = queue.items.filter((item) => item.response === response);
    return {
      ...queue,
      items: queue.items.filter((item) => item.response !== response),
      attention: [
        ...queue.attention,
        ...moved.map((item) => ({ ...item, reason: 'rejected' as const, status: 400, code: 10009, at: 0 })),
      ],
    };
  };

  it.each([
    [[], [], 0],
    [['a', 'b'], [], 2],
    [['a'], ['a'], 1],
    [['a', 'b'], ['b'], 2],
    [['a', 'b', 'c'], ['a', 'c'], 3],
  ])('D2.20 surveys %j with %j set aside: %i on the tablet, each once', (guids, aside, count) => {
    let queue = build(...guids.flatMap((guid) => [create(guid), supplement(guid, { permitted: true })]));
    for (const guid of aside) queue = setAside(queue, guid);
    expect(responsesOnDevice(queue)).toBe(count);
    // Only the ones still queued can be uploaded (D2.1).
    expect(storedResponseCount(queue)).toBe(guids.length - aside.length);
  });

  const offered = (guid: string): QueueRequest => ({
    kind: 'create',
    payload: { guid },
    headers: { 'X-Template-Id': '3', [VOUCHER_OFFER_HEADER]: '1' },
  });

  it('D4.64 withdrawing the offer removes the header from that response’s create only, queued or set aside', () => {
    const queue = setAside(build(offered('a'), offered('b'), supplement('a', { permitted: true })), 'b');
    const after = withdrawVoucherOffer(withdrawVoucherOffer(queue, 'a'), 'b');
    expect([...after.items, ...after.attention].map((item) => [item.response, item.args.headers])).toEqual([
      ['a', { 'X-Template-Id': '3' }],
      ['a', {}],
      ['b', { 'X-Template-Id': '3' }],
    ]);
    // The content sent did not change otherwise: an acknowledgement of it still removes it (D4.46).
    expect(after.items.map((item) => item.rev)).toEqual(queue.items.map((item) => item.rev));
    const untouched = withdrawVoucherOffer(queue, 'b');
    expect(untouched.items[0]?.args.headers).toEqual({ 'X-Template-Id': '3', [VOUCHER_OFFER_HEADER]: '1' });
  });

  it('D4.64 a response without an offer, or unknown, is left as it was', () => {
    const queue = build(create('a'));
    expect(withdrawVoucherOffer(queue, 'a')).toEqual(queue);
    expect(withdrawVoucherOffer(queue, 'zzz')).toEqual(queue);
  });
});
