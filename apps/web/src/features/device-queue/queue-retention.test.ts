// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureQueue, loadQueueStatus, queueRequest, startRetentionJob, uploadStored } from './queue';
import { readQueue } from './queue-db';
import { RETENTION_JOB_MS } from './queue-retention';
import { createRequest, nextGuid, reload, startQueueTest, supplementRequest } from './queue-test-kit';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const CONTACT = { name: 'Ann <b>Lee</b>', email: 'ann@example.com' };

/** The test moves the queue's clock; the job's interval runs on Vitest's fake timers. */
const movableClock = () => {
  const clock = { now: 1_700_000_000_000 };
  const sleep = async (ms: number) => {
    clock.now += ms;
  };
  configureQueue({ clock: { now: () => clock.now, sleep } });
  return clock;
};

const supplementOf = async (guid: string) =>
  (await readQueue()).items.find(
    (item) => item.response === guid && item.type === 'submit' && item.offlineID > 1,
  )?.args.payload as { payload: Record<string, unknown> } | undefined;

afterEach(() => {
  vi.useRealTimers();
});

describe('retention on the tablet (device-mode.md §1, §9; decision 0142)', () => {
  it('contact details at 7 days − 1 minute present, after 7 days + one job interval absent; the response stays and goes up', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    const clock = movableClock();
    state.online = false;
    const guid = nextGuid();
    const given = clock.now;
    await queueRequest(createRequest(guid));
    await queueRequest(supplementRequest(guid, { permitted: true, contact: CONTACT }));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startRetentionJob();

    clock.now = given + 7 * DAY - MINUTE;
    await vi.advanceTimersByTimeAsync(RETENTION_JOB_MS);
    expect((await supplementOf(guid))?.payload).toEqual({ permitted: true, contact: CONTACT });

    clock.now = given + 7 * DAY + RETENTION_JOB_MS;
    await vi.advanceTimersByTimeAsync(RETENTION_JOB_MS);
    expect((await supplementOf(guid))?.payload).toEqual({ permitted: true });
    expect(JSON.stringify(await readQueue())).not.toContain('ann@example.com');
    stop();

    // The feedback itself is never dropped: it uploads, without the details.
    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: true, summary: { submitted: 1, remaining: 0 } });
    expect(server.rows.map((row) => row.guid)).toEqual([guid]);
    expect(server.supplements).toEqual([{ id: 1, payload: { permitted: true } }]);
  });

  it('an upload after the retention sends no expired details even before the job ran; fresh ones go', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    const clock = movableClock();
    state.online = false;
    const old = nextGuid();
    await queueRequest(createRequest(old));
    await queueRequest(supplementRequest(old, { contact: { email: 'old@example.com' } }));
    clock.now += 7 * DAY + MINUTE;
    const fresh = nextGuid();
    await queueRequest(createRequest(fresh));
    await queueRequest(supplementRequest(fresh, { contact: { email: 'new@example.com' } }));
    await reload();
    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.supplements).toEqual([
      { id: 1, payload: {} },
      { id: 2, payload: { contact: { email: 'new@example.com' } } },
    ]);
  });

  it('app start purges what expired while the tablet was off; later details of a response keep the first date', async () => {
    const { state } = await startQueueTest();
    const clock = movableClock();
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    await queueRequest(supplementRequest(guid, { contact: { name: 'Ann' } }));
    clock.now += 6 * DAY;
    await queueRequest(supplementRequest(guid, { contact: { phone: '0123' } }));
    clock.now += DAY;
    await reload();
    await loadQueueStatus();
    expect((await supplementOf(guid))?.payload).toEqual({});
    expect((await readQueue()).items.filter((item) => item.response === guid)).toHaveLength(2);
  });

  it("the venue's own retention when its config gives one (3 days here), else 7", async () => {
    const { state, server } = await startQueueTest({ batch: false });
    const clock = movableClock();
    configureQueue({ contactRetentionDays: () => 3 });
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    await queueRequest(supplementRequest(guid, { contact: { email: 'ann@example.com' } }));
    clock.now += 3 * DAY - MINUTE;
    await loadQueueStatus();
    expect((await supplementOf(guid))?.payload).toEqual({ contact: { email: 'ann@example.com' } });
    clock.now += MINUTE;
    state.online = true;
    await uploadStored();
    expect(server.supplements).toEqual([{ id: 1, payload: {} }]);
    configureQueue({ contactRetentionDays: () => undefined });
  });
});
