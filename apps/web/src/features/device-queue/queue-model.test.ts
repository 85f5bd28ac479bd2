// @vitest-environment node
import { ErrorCodes } from '@venue-voice/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fault } from './fake-queue-server';
import { configureQueue, queueRequest, retryAttention, uploadStored } from './queue';
import { readQueue } from './queue-db';
import { createRequest, nextGuid, reload, startQueueTest, supplementRequest } from './queue-test-kit';

const fault: fc.Arbitrary<Fault> = fc.oneof(
  fc.constant('network' as const),
  fc.constant('lost' as const),
  fc.constantFrom(500, 503, 429).map((status) => ({ status })),
  fc.constant({ status: 400, code: ErrorCodes.PARAMETER_VALUE_INVALID }),
  fc.constant({ status: 401, code: ErrorCodes.NOT_AUTHENTICATED }),
);

type Step =
  | { kind: 'survey'; supplement: boolean; contact: boolean; online: boolean }
  | { kind: 'upload'; faults: Fault[] }
  | { kind: 'days'; days: number }
  | { kind: 'reload' };

const DAY = 24 * 60 * 60 * 1000;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('survey' as const),
    supplement: fc.boolean(),
    contact: fc.boolean(),
    online: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('upload' as const), faults: fc.array(fault, { maxLength: 6 }) }),
  // The tablet stays off for days (decision 0142: contact details leave it after 7).
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 8 }) }),
  fc.constant({ kind: 'reload' as const }),
);

describe('device queue model', () => {
  it('D4.25 D4.27 D4.31 D4.33 with network loss, 5xx, 4xx, 401, reloads and days offline, every response is on the server or on the device, in order, once; no upload keeps or sends contact details past 7 days', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        async (steps, batch) => {
          const { server, state } = await startQueueTest({ batch });
          const clock = { now: 1_700_000_000_000 };
          const sleep = async (ms: number) => {
            clock.now += ms;
          };
          configureQueue({ clock: { now: () => clock.now, sleep } });
          const given = new Map<string, number>();
          /** After an upload started at `at`: no detail given 7 days or more before it is on the device. */
          const noStaleContacts = async (at: number) => {
            const queue = await readQueue();
            for (const item of [...queue.items, ...queue.attention]) {
              const payload = (item.args.payload as { payload?: { contact?: unknown } }).payload;
              if (payload?.contact) expect(at - (given.get(item.response) ?? at)).toBeLessThan(7 * DAY);
            }
          };
          const created: string[] = [];
          const everSetAside = new Set<string>();
          const everywhere = async () => {
            const queue = await readQueue();
            const onDevice = new Set(
              [...queue.items, ...queue.attention]
                .filter((item) => item.type === 'submit')
                .map((item) => item.response),
            );
            const onServer = new Set(server.rows.map((row) => row.guid));
            for (const guid of created) expect(onServer.has(guid) || onDevice.has(guid)).toBe(true);
            for (const item of queue.attention) everSetAside.add(item.response);
            // Responses never set aside reach the server in the order the guests finished.
            const sent = server.rows.map((row) => row.guid).filter((guid) => !everSetAside.has(guid));
            expect(sent).toEqual(created.filter((guid) => sent.includes(guid)));
          };
          for (const current of steps) {
            if (current.kind === 'survey') {
              state.online = current.online;
              const guid = nextGuid();
              created.push(guid);
              await queueRequest(createRequest(guid));
              if (current.supplement) await queueRequest(supplementRequest(guid, { permitted: true }));
              if (current.contact) {
                await queueRequest(supplementRequest(guid, { contact: { email: `${guid}@example.com` } }));
                // The device dated them while queueing (a flush running meanwhile moves the clock): at most now.
                given.set(guid, clock.now);
              }
            } else if (current.kind === 'upload') {
              state.online = true;
              // Faults left unused hit the next requests, which is just as random.
              server.fail(...current.faults);
              const at = clock.now;
              await uploadStored();
              await noStaleContacts(at);
            } else if (current.kind === 'days') clock.now += current.days * DAY;
            else await reload();
            await everywhere();
          }
          // Back to a good network: put the set-aside responses back and upload until done.
          state.online = true;
          server.heal();
          for (const guid of new Set((await readQueue()).attention.map((item) => item.response)))
            await retryAttention(guid);
          while (((await uploadStored()).summary?.remaining ?? 0) > 0);
          const queue = await readQueue();
          expect([queue.items, queue.attention]).toEqual([[], []]);
          const guids = server.rows.map((row) => row.guid);
          expect(new Set(guids).size).toBe(guids.length);
          expect([...guids].sort()).toEqual([...created].sort());
        },
      ),
      { numRuns: 60 },
    );
    // 60 runs of up to 14 steps on fake IndexedDB: seconds on a loaded machine, never a timing assertion.
  }, 120_000);
});
