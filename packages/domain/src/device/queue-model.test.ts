/**
 * Model test of the offline queue: random sequences of requests, network loss, 5xx, 4xx, lost
 * acknowledgements, 2xx and reloads against a model server that, like ours, treats a repeated create
 * guid as the same response.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../errors';
import {
  applySendOutcome,
  type FlushRun,
  planNextSend,
  type SendOutcome,
  type SendPlan,
  startFlush,
} from './queue-flush';
import { parseStoredQueue, serialiseQueue } from './queue-persist';
import { emptyQueue, enqueue, isCreate, type OfflineQueue, type QueueRequest } from './queue-state';

const BRANCH = 4;
type Answer = 'ok' | 'lostAck' | 'network' | '5xx' | '4xx';
type Command =
  | { op: 'create' }
  | { op: 'dupCreate'; pick: number }
  | { op: 'supplement'; pick: number; field: 'f1' | 'f2'; value: number }
  | { op: 'upload' | 'deleteUpload' | 'track'; pick: number; value: number }
  | { op: 'online' | 'offline' | 'ack' | 'reload' }
  | { op: 'send'; answer: Answer }
  /** Several sends, each answered at once: outages long enough to use up the attempts. */
  | { op: 'burst'; answer: Answer; count: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ op: 'create' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dupCreate' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('supplement' as const),
      pick: fc.nat(),
      field: fc.constantFrom('f1' as const, 'f2' as const),
      value: fc.nat(99),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom('upload' as const, 'deleteUpload' as const, 'track' as const),
      pick: fc.nat(),
      value: fc.nat(99),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constantFrom('online' as const, 'offline' as const, 'reload' as const) }),
  },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('ack' as const) }) },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('send' as const),
      answer: fc.constantFrom<Answer>('ok', 'ok', 'ok', 'lostAck', 'network', '5xx', '4xx'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('burst' as const),
      answer: fc.constantFrom<Answer>('ok', '5xx', '5xx', 'lostAck'),
      count: fc.integer({ min: 1, max: 6 }),
    }),
  },
);

/** The server side: one row per guid, however often a create arrives. */
class ModelServer {
  rows = new Map<string, { id: number; secret: string }>();
  supplements = new Map<string, Record<string, unknown>>();
  uploads = new Map<string, unknown>();
  tracks = new Map<string, unknown[]>();
  processed = new Set<number>();
  firstReceipts: number[] = [];
  private nextId = 100;

  /** Processes a request and answers the create's result. */
  handle(plan: SendPlan): { id: number; secret: string; isAiValid: boolean } | undefined {
    const { item } = plan;
    if (!this.processed.has(item.offlineID)) this.firstReceipts.push(item.offlineID);
    this.processed.add(item.offlineID);
    if (isCreate(item)) {
      expect(plan.response).toBeNull();
      const row = this.rows.get(item.response) ?? { id: this.nextId++, secret: `s${this.nextId}` };
      this.rows.set(item.response, row);
      return { ...row, isAiValid: false };
    }
    // every later request carries its own response's id and secret
    expect(plan.response).toEqual(this.rows.get(item.response));
    const payload = item.args.payload as { payload?: Record<string, unknown> };
    if (item.type === 'submit')
      this.supplements.set(item.response, { ...this.supplements.get(item.response), ...payload.payload });
    if (item.type === 'upload') this.uploads.set(item.response, item.args.payload);
    if (item.type === 'deleteUpload') this.uploads.set(item.response, 'deleted');
    if (item.type === 'track')
      this.tracks.set(item.response, [...(this.tracks.get(item.response) ?? []), item.args.payload]);
    return undefined;
  }
}

type Device = { queue: OfflineQueue; run: FlushRun | null; online: boolean; now: number };

const onDevice = (queue: OfflineQueue) => [...queue.items, ...queue.attention];
const sendOnce = (
  device: Device,
  server: ModelServer,
  answer: Answer,
): { plan: SendPlan; outcome: SendOutcome } | null => {
  if (!device.run || device.run.status === 'done' || device.run.status === 'stopped') {
    if (!device.online) return null;
    device.run = startFlush(null);
  }
  if (!device.run) return null;
  if (device.run.status === 'waiting') device.now = Math.max(device.now, device.run.retryAt ?? 0);
  const planned = planNextSend(device.queue, device.run, { branchId: BRANCH, now: device.now });
  device.queue = planned.queue;
  device.run = planned.run;
  if (!planned.send) return null;
  const plan = planned.send;
  if (!device.online || answer === 'network') return { plan, outcome: { kind: 'network' } };
  if (answer === '5xx') return { plan, outcome: { kind: 'http', status: 500, code: ErrorCodes.INTERNAL } };
  if (answer === '4xx')
    return { plan, outcome: { kind: 'http', status: 400, code: ErrorCodes.FORM_VALIDATION } };
  const result = server.handle(plan);
  if (answer === 'lostAck') return { plan, outcome: { kind: 'network' } };
  return { plan, outcome: result ? { kind: 'ok', result } : { kind: 'ok' } };
};

/** Runs commands, checking the queue's laws after each; returns the final device and server. */
const run = (commands: Command[]) => {
  const server = new ModelServer();
  const device: Device = { queue: emptyQueue(), run: null, online: true, now: 0 };
  let pending: { plan: SendPlan; outcome: SendOutcome } | null = null;
  const accepted = { creates: new Set<string>(), tracks: new Map<string, unknown[]>() };
  const latestSupplement = new Map<string, Record<string, number>>();
  const latestUpload = new Map<string, unknown>();
  const guids: string[] = [];
  let highestId = 0;

  const keep = (request: QueueRequest) => {
    const { queue, outcome } = enqueue(device.queue, request, BRANCH);
    device.queue = queue;
    if (outcome.status === 'refused') return false;
    if (outcome.status !== 'merged') {
      expect(outcome.offlineID).toBeGreaterThan(highestId); // ids are never reused, across reloads too
      highestId = outcome.offlineID;
    }
    return true;
  };

  for (const cmd of commands) {
    device.now += 1;
    const before = onDevice(device.queue).map((item) => item.offlineID);
    let replacing: string | null = null;
    // mostly the latest responses, as at a real tablet, so merges and replacements meet requests in flight
    const guid =
      'pick' in cmd && guids.length > 0
        ? guids[guids.length - 1 - (cmd.pick % Math.min(3, guids.length))]
        : undefined;
    switch (cmd.op) {
      case 'create': {
        const fresh = `r${guids.length}`;
        guids.push(fresh);
        expect(keep({ kind: 'create', payload: { guid: fresh } })).toBe(true);
        accepted.creates.add(fresh);
        break;
      }
      case 'dupCreate':
        if (guid) keep({ kind: 'create', payload: { guid } });
        break;
      case 'supplement':
        if (guid && keep({ kind: 'supplement', response: guid, payload: { [cmd.field]: cmd.value } }))
          latestSupplement.set(guid, { ...latestSupplement.get(guid), [cmd.field]: cmd.value });
        break;
      case 'upload':
      case 'deleteUpload':
      case 'track': {
        if (!guid) break;
        const payload = cmd.op === 'deleteUpload' ? { del: cmd.value } : { v: cmd.value };
        if (cmd.op !== 'track') replacing = `${guid}/${cmd.op}`;
        if (!keep({ kind: cmd.op, response: guid, payload })) break;
        if (cmd.op === 'track') accepted.tracks.set(guid, [...(accepted.tracks.get(guid) ?? []), payload]);
        else latestUpload.set(guid, cmd.op === 'upload' ? payload : 'deleted');
        break;
      }
      case 'online':
      case 'offline':
        device.online = cmd.op === 'online';
        break;
      case 'reload':
        device.queue = parseStoredQueue(JSON.parse(JSON.stringify(serialiseQueue(device.queue))));
        device.run = null;
        pending = null;
        break;
      case 'ack':
        if (pending && device.run) {
          ({ queue: device.queue, run: device.run } = applySendOutcome(
            device.queue,
            device.run,
            pending.plan,
            pending.outcome,
            device.now,
          ));
        }
        pending = null;
        break;
      case 'send':
        if (!pending) pending = sendOnce(device, server, cmd.answer);
        break;
      case 'burst':
        for (let i = 0; i < cmd.count && !pending; i++) {
          const sent = sendOnce(device, server, cmd.answer);
          if (!sent || !device.run) break;
          ({ queue: device.queue, run: device.run } = applySendOutcome(
            device.queue,
            device.run,
            sent.plan,
            sent.outcome,
            device.now,
          ));
        }
        break;
    }
    checkLaws(device.queue, server, before, replacing);
  }
  return {
    device,
    server,
    accepted,
    latestSupplement,
    latestUpload,
    settle: () => settle(device, server, pending),
  };
};

/** Laws that hold after every step. */
const checkLaws = (queue: OfflineQueue, server: ModelServer, before: number[], replacing: string | null) => {
  const held = onDevice(queue);
  // order kept: waiting requests in ascending offlineID; the server first saw them in that order too
  const ids = queue.items.map((item) => item.offlineID);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(server.firstReceipts).toEqual([...server.firstReceipts].sort((a, b) => a - b));
  // never two creates for one response, and none once a submit result exists
  const creates = held.filter(isCreate).map((item) => item.response);
  expect(new Set(creates).size).toBe(creates.length);
  for (const item of queue.items.filter(isCreate)) expect(queue.results[item.response]).toBeUndefined();
  // a known result is the server's one row for that guid
  for (const [guid, result] of Object.entries(queue.results))
    expect(server.rows.get(guid)?.id).toBe(result.id);
  // nothing leaves the device unless the server processed it, or a newer upload/delete replaced it
  const now = new Set(held.map((item) => item.offlineID));
  for (const id of before.filter((id) => !now.has(id))) {
    if (server.processed.has(id)) continue;
    expect(replacing).not.toBeNull();
  }
};

/** Back online with a healthy server: send until the flush is done. */
const settle = (
  device: Device,
  server: ModelServer,
  pending: { plan: SendPlan; outcome: SendOutcome } | null,
) => {
  device.online = true;
  if (pending && device.run)
    ({ queue: device.queue, run: device.run } = applySendOutcome(
      device.queue,
      device.run,
      pending.plan,
      pending.outcome,
      device.now,
    ));
  device.run = null;
  for (let guard = 0; guard < 2000; guard++) {
    const sent = sendOnce(device, server, 'ok');
    if (!sent || !device.run) break;
    ({ queue: device.queue, run: device.run } = applySendOutcome(
      device.queue,
      device.run,
      sent.plan,
      sent.outcome,
      device.now,
    ));
  }
};

const heldSupplement = (queue: OfflineQueue, guid: string, field: string, value: number) =>
  onDevice(queue).some(
    (item) =>
      item.response === guid &&
      item.type === 'submit' &&
      (item.args.payload as { payload: Record<string, unknown> }).payload[field] === value,
  );

describe('offline queue model', () => {
  it('D4.37 D4.42 D4.25 every response is acknowledged by the server or still on the device; order kept; one create per response (property)', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        const result = run(commands);
        const { device, server, accepted } = result;
        const check = () => {
          const held = onDevice(device.queue);
          for (const guid of accepted.creates)
            expect(
              server.rows.has(guid) || held.some((item) => item.response === guid && isCreate(item)),
            ).toBe(true);
          for (const [guid, tracks] of accepted.tracks)
            for (const track of tracks)
              expect(
                (server.tracks.get(guid) ?? []).some(
                  (seen) => JSON.stringify(seen) === JSON.stringify(track),
                ) ||
                  held.some(
                    (item) =>
                      item.response === guid && JSON.stringify(item.args.payload) === JSON.stringify(track),
                  ),
              ).toBe(true);
          for (const [guid, fields] of result.latestSupplement)
            for (const [field, value] of Object.entries(fields))
              expect(
                server.supplements.get(guid)?.[field] === value ||
                  heldSupplement(device.queue, guid, field, value),
              ).toBe(true);
          for (const [guid, latest] of result.latestUpload) {
            const type = latest === 'deleted' ? 'deleteUpload' : 'upload';
            const held = onDevice(device.queue).some((item) => item.response === guid && item.type === type);
            const onServer = JSON.stringify(server.uploads.get(guid)) === JSON.stringify(latest);
            expect(onServer || held).toBe(true);
          }
        };
        check();
        result.settle();
        check();
        // once the network and server are healthy, only what the server refused stays, set aside
        expect(device.queue.items).toEqual([]);
        for (const item of device.queue.attention) expect(item.reason).not.toBe('otherBranch');
      }),
      {
        numRuns: 300,
        // hand-picked races next to the random ones: a supplement merged while it is in flight, and a
        // create whose acknowledgement is lost before a reload
        examples: [
          [
            [
              { op: 'create' },
              { op: 'send', answer: 'ok' },
              { op: 'ack' },
              { op: 'supplement', pick: 0, field: 'f1', value: 1 },
              { op: 'send', answer: 'ok' },
              { op: 'supplement', pick: 0, field: 'f1', value: 2 },
              { op: 'ack' },
            ],
          ],
          [
            [
              { op: 'create' },
              { op: 'send', answer: 'lostAck' },
              { op: 'reload' },
              { op: 'send', answer: 'ok' },
              { op: 'ack' },
            ],
          ],
        ],
      },
    );
  });

  it('D4.44 a reload at any point loses nothing: the stored record round-trips', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const { device } = run(commands);
        const stored = JSON.parse(JSON.stringify(serialiseQueue(device.queue)));
        expect(parseStoredQueue(stored)).toEqual(device.queue);
      }),
      { numRuns: 200 },
    );
  });
});
