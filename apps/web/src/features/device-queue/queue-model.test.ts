// @vitest-environment node
import { ErrorCodes } from '@venue-voice/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fault } from './fake-queue-server';
import { queueRequest, retryAttention, uploadStored } from './index';
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
  | { kind: 'survey'; supplement: boolean; online: boolean }
  | { kind: 'upload'; faults: Fault[] }
  | { kind: 'reload' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('survey' as const), supplement: fc.boolean(), online: fc.boolean() }),
  fc.record({ kind: fc.constant('upload' as const), faults: fc.array(fault, { maxLength: 6 }) }),
  fc.constant({ kind: 'reload' as const }),
);

describe('device queue model', () => {
  it('D4.25 D4.27 D4.31 D4.33 with network loss, 5xx, 4xx, 401 and reloads, every response is on the server or on the device, in order, once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 14 }),
        fc.boolean(),
        async (steps, batch) => {
          const { server, state } = await startQueueTest({ batch });
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
            } else if (current.kind === 'upload') {
              state.online = true;
              // Faults left unused hit the next requests, which is just as random.
              server.fail(...current.faults);
              await uploadStored();
            } else await reload();
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
  });
});
