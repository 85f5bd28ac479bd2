// @vitest-environment node
// Node's own Blob: the photos store keeps real Blobs, which jsdom's cannot be cloned into.
import { ErrorCodes, UPLOAD_RETRY_WAIT_MS } from '@venue-voice/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  pauseSending,
  queueRequest,
  resumeSending,
  retryAttention,
  submitInAppMode,
  uploadStored,
} from './queue';
import { getPhoto, readQueue } from './queue-db';
import { runningFlush } from './queue-runner';
import { useQueueStatusStore } from './queue-status';
import { createRequest, nextGuid, reload, startQueueTest, supplementRequest } from './queue-test-kit';

describe('device queue', () => {
  it('D4.36 D4.37 keeps requests offline with sequential ids, across a reload', async () => {
    const { state, server } = await startQueueTest();
    state.online = false;
    const first = await queueRequest(createRequest());
    const second = await queueRequest(createRequest());
    expect([first, second]).toEqual([
      { status: 'queued', offlineID: 1 },
      { status: 'queued', offlineID: 2 },
    ]);
    await reload();
    const third = await queueRequest(createRequest());
    expect(third).toEqual({ status: 'queued', offlineID: 3 });
    expect((await readQueue()).items).toHaveLength(3);
    expect(useQueueStatusStore.getState().stored).toBe(3);
    expect(await uploadStored()).toMatchObject({ ok: false, offline: true });
    expect(server.calls).toEqual([]);
  });

  it('D4.38 D4.27 merges supplements and sends in order: create, then one supplement with both', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    expect(await queueRequest(supplementRequest(guid, { permitted: true }))).toMatchObject({
      status: 'queued',
    });
    expect(await queueRequest(supplementRequest(guid, { contact: { name: 'Ann' } }))).toMatchObject({
      status: 'merged',
    });
    state.online = true;
    const result = await uploadStored();
    expect(result).toMatchObject({ ok: true, summary: { submitted: 1, remaining: 0 } });
    // The first batch meets this server's 404 and the queue goes on with single calls.
    expect(server.calls).toEqual([
      '/api/v1/survey/submit/batch',
      '/api/v1/survey/submit',
      '/api/v1/survey/submit',
    ]);
    expect(server.supplements).toEqual([{ id: 1, payload: { permitted: true, contact: { name: 'Ann' } } }]);
  });

  it('D4.31 a 2xx deletes the request; contact details leave the device once uploaded', async () => {
    const { state } = await startQueueTest();
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    await queueRequest(supplementRequest(guid, { contact: { email: 'ann@example.com' } }));
    expect(JSON.stringify(await readQueue())).toContain('ann@example.com');
    state.online = true;
    await uploadStored();
    const stored = await readQueue();
    expect(stored.items).toEqual([]);
    expect(JSON.stringify(stored)).not.toContain('ann@example.com');
  });

  it('D4.24 D4.25 tries 4 times 3 s apart, then stops and keeps the response stored', async () => {
    const { state, server, waits } = await startQueueTest();
    state.online = false;
    await queueRequest(createRequest());
    state.online = true;
    server.fail({ status: 503 }, { status: 500 }, { status: 429 }, { status: 502 });
    const result = await uploadStored();
    expect(result).toMatchObject({ ok: false, summary: { submitted: 0, remaining: 1 } });
    expect(server.calls).toHaveLength(4);
    expect(waits).toEqual([UPLOAD_RETRY_WAIT_MS, UPLOAD_RETRY_WAIT_MS, UPLOAD_RETRY_WAIT_MS]);
    expect((await readQueue()).items).toHaveLength(1);
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.rows).toHaveLength(1);
  });

  it('D4.33 a refused response moves to needs attention and the next one is still sent', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    state.online = false;
    const refused = nextGuid();
    await queueRequest(createRequest(refused));
    await queueRequest(supplementRequest(refused, { permitted: true }));
    await queueRequest(createRequest());
    state.online = true;
    // The first request is the batch this server does not have (404), the second the create alone.
    server.fail(
      { status: 404, code: ErrorCodes.UNKNOWN_ROUTE },
      { status: 400, code: ErrorCodes.PARAMETER_VALUE_INVALID },
    );
    const result = await uploadStored();
    expect(result).toMatchObject({ ok: false, summary: { submitted: 1, remaining: 0, needsAttention: 2 } });
    const attention = useQueueStatusStore.getState().attention;
    expect(attention.map((item) => [item.response, item.reason])).toEqual([
      [refused, 'rejected'],
      [refused, 'createRejected'],
    ]);
    expect(server.rows).toHaveLength(1);
    // Put back by hand, it goes up like any other.
    await retryAttention(refused);
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.rows.map((row) => row.guid)).toContain(refused);
  });

  it('D4.30 D4.31 an answer lost after the server stored it: the retry is idempotent by guid', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    await queueRequest(supplementRequest(guid, { permitted: false }));
    state.online = true;
    server.fail('lost');
    expect(await uploadStored()).toMatchObject({ ok: false, summary: { remaining: 1 } });
    await reload();
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.rows).toHaveLength(1);
    expect(server.supplements).toEqual([{ id: 1, payload: { permitted: false } }]);
  });

  it('D4.34 D4.1 a 401 keeps the queue and then asks for the device reset', async () => {
    const { state, server, onUnauthorised } = await startQueueTest();
    state.online = false;
    await queueRequest(createRequest());
    state.online = true;
    server.fail({ status: 401, code: ErrorCodes.NOT_AUTHENTICATED });
    expect(await uploadStored()).toMatchObject({ ok: false });
    expect(onUnauthorised).toHaveBeenCalledTimes(1);
    expect((await readQueue()).items).toHaveLength(1);
  });

  it('D4.32 only one flush at a time: two uploads share it and send each request once', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    state.online = false;
    await queueRequest(createRequest());
    await queueRequest(createRequest());
    state.online = true;
    const [a, b] = await Promise.all([uploadStored(), uploadStored()]);
    expect(a).toEqual(b);
    expect(server.calls.filter((path) => path.endsWith('/survey/submit'))).toHaveLength(2);
  });

  it('D4.51 pauseSending waits for the request in flight, then holds the rest until resumeSending', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    state.online = false;
    await queueRequest(createRequest());
    await queueRequest(createRequest());
    state.online = true;
    let pausing: Promise<void> | null = null;
    server.hooks.onRequest = (path) => {
      if (path.endsWith('/survey/submit')) pausing ??= pauseSending();
    };
    const upload = uploadStored();
    await expect.poll(() => pausing).not.toBeNull();
    await pausing;
    // Paused while the first create was on its way: that one finished, the second waits.
    expect(server.rows).toHaveLength(1);
    expect((await readQueue()).items).toHaveLength(1);
    expect((await upload).ok).toBe(false);
    resumeSending();
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.rows).toHaveLength(2);
  });

  it('D4.51 requests queued while paused wait for resumeSending', async () => {
    const { server } = await startQueueTest();
    await pauseSending();
    await queueRequest(createRequest());
    expect(server.calls).toEqual([]);
    resumeSending();
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.rows).toHaveLength(1);
  });

  it('D4.43 a photo is kept as a Blob, replaced by a later one, sent after its create and then removed', async () => {
    const { state, server } = await startQueueTest();
    state.online = false;
    const guid = nextGuid();
    await queueRequest(createRequest(guid));
    const image = (name: string) => ({
      kind: 'upload' as const,
      response: guid,
      payload: { image: new Blob([name], { type: 'image/jpeg' }), fileName: name },
    });
    await queueRequest(image('first.jpg'));
    expect(await queueRequest(image('second.jpg'))).toMatchObject({ status: 'replaced' });
    expect(await (await getPhoto(guid))?.blob.text()).toBe('second.jpg');
    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.uploads).toEqual([{ id: 1, name: 'second.jpg' }]);
    expect(await getPhoto(guid)).toBeUndefined();
  });

  it('batches creates and supplements in order, and falls back to single calls without the endpoint', async () => {
    for (const batch of [true, false]) {
      const { state, server } = await startQueueTest({ batch });
      state.online = false;
      const guids = Array.from({ length: 120 }, () => nextGuid());
      for (const guid of guids) {
        await queueRequest(createRequest(guid));
        await queueRequest(supplementRequest(guid, { permitted: true }));
      }
      state.online = true;
      expect(await uploadStored()).toMatchObject({ ok: true, summary: { submitted: 120, remaining: 0 } });
      expect(server.rows.map((row) => row.guid)).toEqual(guids);
      expect(server.supplements).toHaveLength(120);
      const batches = server.calls.filter((path) => path.endsWith('/batch')).length;
      expect(batch ? [batches, server.calls.length] : [batches, server.calls.length]).toEqual(
        batch ? [3, 3] : [1, 241],
      );
    }
  });

  it('D4.45 requests recorded for another branch are set aside, not sent', async () => {
    const { state, server } = await startQueueTest();
    state.online = false;
    await queueRequest(createRequest());
    state.branchId = 2;
    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: false, summary: { needsAttention: 1 } });
    expect(useQueueStatusStore.getState().attention[0]?.reason).toBe('otherBranch');
    expect(server.calls).toEqual([]);
  });

  it('D4.63 after an outage the queue retries on a timer, longer each time, until the survey is sent (issue 26 item 14)', async () => {
    const { state, server, retries, uploaded } = await startQueueTest({ batch: false });
    state.online = false;
    await queueRequest(createRequest());
    state.online = true;
    // The tablet is online but the server cannot be reached: the flush stops and keeps the survey.
    server.fail('network');
    expect(await uploadStored()).toMatchObject({ ok: false, summary: { remaining: 1 } });
    expect(retries.map((retry) => retry.ms)).toEqual([30_000]);

    server.fail('network');
    retries[0]?.run();
    await runningFlush();
    await expect.poll(() => retries.length).toBe(2);
    expect(retries[1]?.ms).toBe(60_000);
    expect(server.rows).toEqual([]);

    // The server is back: the next timed retry sends it, nobody pressed Upload, and nothing more is planned.
    retries[1]?.run();
    await runningFlush();
    await expect.poll(() => server.rows.length).toBe(1);
    expect((await readQueue()).items).toEqual([]);
    expect(retries).toHaveLength(2);
    expect(uploaded).toEqual([1]);
  });

  it('D4.63 server faults that use up the attempts retry on the timer too; a success starts the waits again', async () => {
    const { state, server, retries } = await startQueueTest({ batch: false });
    state.online = false;
    await queueRequest(createRequest());
    state.online = true;
    server.fail({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    await uploadStored();
    expect(retries.map((retry) => retry.ms)).toEqual([30_000]);
    retries[0]?.run();
    await runningFlush();
    await expect.poll(() => server.rows.length).toBe(1);
    // A later outage starts again at 30 s, not where the last one ended.
    state.online = false;
    await queueRequest(createRequest());
    state.online = true;
    server.fail('network');
    await uploadStored();
    expect(retries.map((retry) => retry.ms)).toEqual([30_000, 30_000]);
  });

  it.each([
    ['a refusal (set aside, D4.33)', { status: 400, code: ErrorCodes.PARAMETER_VALUE_INVALID }],
    ['a 401 (the device resets, D4.1)', { status: 401, code: ErrorCodes.NOT_AUTHENTICATED }],
    [
      'a client-wide refusal (an app update mends it, D4.34)',
      { status: 400, code: ErrorCodes.CLIENT_VERSION_NOT_SUPPORTED },
    ],
  ])('D4.63 no timed retry after %s', async (_name, fault) => {
    const { state, server, retries } = await startQueueTest({ batch: false });
    state.online = false;
    await queueRequest(createRequest());
    state.online = true;
    server.fail(fault);
    await uploadStored();
    expect(retries).toEqual([]);
  });

  it('D4.64 a create the guest waits for asks for a voucher; one kept offline never does (issue 26 item 16)', async () => {
    const { state, server } = await startQueueTest({ batch: false });
    const waited = nextGuid();
    const answer = await submitInAppMode(createRequest(waited).payload as never, 1);
    expect(answer.state).toBe('sent');
    await runningFlush();
    state.online = false;
    const kept = nextGuid();
    expect(await submitInAppMode(createRequest(kept).payload as never, 1)).toEqual({ state: 'saved' });
    expect((await readQueue()).items[0]?.args.headers).toEqual({ 'X-Template-Id': '1' });
    state.online = true;
    expect(await uploadStored()).toMatchObject({ ok: true });
    expect(server.creates).toEqual([
      { guid: waited, offerVoucher: true },
      { guid: kept, offerVoucher: false },
    ]);
  });

  it('D4.64 online but unanswered while the guest waits: the stored create stops asking for a voucher', async () => {
    for (const batch of [false, true]) {
      const { server } = await startQueueTest({ batch });
      const guid = nextGuid();
      server.fail('network');
      expect(await submitInAppMode(createRequest(guid).payload as never, 1, async () => {})).toEqual({
        state: 'saved',
      });
      expect((await readQueue()).items[0]?.args.headers).toEqual({ 'X-Template-Id': '1' });
      expect(await uploadStored()).toMatchObject({ ok: true });
      expect(server.creates.filter((create) => create.guid === guid)).toEqual([
        { guid, offerVoucher: false },
      ]);
    }
  });

  it('D4.65 a voucher whose answer comes after the guest was told none is withdrawn on the server', async () => {
    for (const batch of [false, true]) {
      const { server } = await startQueueTest({ batch });
      const guid = nextGuid();
      let answer = () => {};
      server.hooks.answerAfter = new Promise<void>((resolve) => {
        answer = resolve;
      });
      // The server drew the voucher, but its answer is still on the way when the wait ends.
      let endWait = () => {};
      const waited = submitInAppMode(
        createRequest(guid).payload as never,
        1,
        () => new Promise((r) => (endWait = r)),
      );
      await vi.waitFor(() => expect(server.creates.map((c) => c.guid)).toContain(guid));
      endWait();
      expect(await waited).toEqual({ state: 'saved' });
      server.hooks.answerAfter = null;
      answer();
      await vi.waitFor(() => expect(server.withdrawn).toEqual([`CODE-${server.rows.length}`]));
      expect(server.supplements).toEqual([{ id: server.rows.length, payload: { voucherUnseen: true } }]);
      await vi.waitFor(async () => expect((await readQueue()).items).toEqual([]));
    }
  });

  it('D4.65 a voucher shown to the waiting guest stays; one answered after a reload is withdrawn', async () => {
    const { server } = await startQueueTest({ batch: false });
    const shown = await submitInAppMode(createRequest(nextGuid()).payload as never, 1);
    expect(shown).toMatchObject({ state: 'sent', answer: { voucher: { code: 'CODE-1' } } });
    await runningFlush();
    expect(server.supplements).toEqual([]);

    // A create stored with its offer before the tablet reloaded mid-wait: nobody waits for its answer now.
    await reload();
    const left = createRequest();
    await queueRequest({ ...left, headers: { ...left.headers, 'X-Voucher-Offer': '1' } });
    await vi.waitFor(() => expect(server.rows).toHaveLength(2));
    await vi.waitFor(() => expect(server.withdrawn).toEqual(['CODE-2']));
  });
});
