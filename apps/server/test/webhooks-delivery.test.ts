import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/connection';
import type { Clock } from '../src/lib/clock';
import { serverJobs } from '../src/services/jobs';
import {
  createWebhookSender,
  type DeliveryOptions,
  enqueueEvent,
  sendDueDeliveries,
} from '../src/services/webhooks';
import { databases } from './databases';
import { type Harness, NOW, ROOMY_CREATE_LIMITS, startHarness } from './harness';
import { CONSOLE, DEMO_SIGN_INS, signIn } from './support/console';
import { roomyLimiter } from './support/limiters';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import {
  startWebhookReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from './support/webhook-receiver';

// Deliveries against a real HTTP receiver on loopback: allowed here as WEBHOOK_ALLOW_PRIVATE=1 allows it.
const LOCAL: DeliveryOptions = { allowPrivate: true, timeoutMs: 2000, timeScale: 1 };
const STRICT: DeliveryOptions = { ...LOCAL, allowPrivate: false };
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A clock tests move by hand: the schedule's pauses pass without waiting. */
function movableClock(start: Date) {
  let at = start.getTime();
  const clock: Clock & { set(ms: number): void; advance(ms: number): Date } = {
    now: () => new Date(at),
    set: (ms) => {
      at = ms;
    },
    advance: (ms) => {
      at += ms;
      return new Date(at);
    },
  };
  return clock;
}

let counter = 0;
const messageId = () => {
  counter += 1;
  return `msg_test_delivery_${Date.now()}_${counter}`;
};

describe.each(databases())('webhook deliveries on $name', (target) => {
  let h: Harness;
  let receiver: WebhookReceiver;
  const clock = movableClock(NOW);
  let owner: Record<string, string>;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    h = await startHarness(target, {
      clock,
      deps: () => ({
        config: { logLevel: 'silent', createLimits: ROOMY_CREATE_LIMITS, webhooks: LOCAL },
      }),
    });
    owner = await signIn(h, DEMO_SIGN_INS.owner.email, DEMO_SIGN_INS.owner.password);
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
  });
  afterEach(async () => {
    receiver.answer(() => 204);
    await receiver.up().catch(() => undefined);
    receiver.received.length = 0;
    // Each test starts with no webhook of its own left over.
    await h.database.db.execute(sql`delete from webhooks`);
    clock.set(NOW.getTime());
  });

  async function addWebhook(url: string, events = ['response.created', 'case.opened']) {
    const answer = await h.app.inject({
      method: 'POST',
      url: `${CONSOLE}/webhooks`,
      headers: owner,
      payload: { url, events },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { id: number; secret: string };
  }

  const queue = (type: 'response.created' | 'case.opened' = 'response.created', id = messageId()) =>
    enqueueEvent(h.database.db, {
      companyId: 1,
      type,
      messageId: id,
      data: { responseId: 42, branchId: 1 },
      at: clock.now(),
    }).then(() => id);

  const send = (options: DeliveryOptions = LOCAL) => sendDueDeliveries(h.database.db, clock.now, options);

  const deliveries = (webhookId: number) =>
    queryRows<{ id: number; state: string; attempts: number; nextAttemptAt: Date; leasedUntil: Date | null }>(
      h.database.db,
      sql`select id, state, attempts, next_attempt_at as "nextAttemptAt", leased_until as "leasedUntil"
        from webhook_deliveries where webhook_id = ${webhookId} order by id`,
    );

  it('signs each delivery as Standard Webhooks says: verified by an independent implementation of the spec', async () => {
    const { secret } = await addWebhook(receiver.url('/signed'));
    const id = await queue();
    expect(await send()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    if (!hook) throw new Error('nothing received');
    expect(hook.headers['webhook-id']).toBe(id);
    expect(hook.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
    expect(hook.headers['content-type']).toBe('application/json');
    expect(verifyStandardWebhook(secret, hook.headers, hook.body, clock.now())).toBeNull();
    expect(JSON.parse(hook.body)).toEqual({
      type: 'response.created',
      timestamp: NOW.toISOString(),
      data: { responseId: 42, branchId: 1 },
    });
    // The same check refuses a changed body, another secret and a stale timestamp: it can fail.
    expect(verifyStandardWebhook(secret, hook.headers, hook.body.replace('42', '43'), clock.now())).toBe(
      'no matching signature',
    );
    expect(
      verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, hook.headers, hook.body, NOW),
    ).toBe('no matching signature');
    expect(
      verifyStandardWebhook(secret, hook.headers, hook.body, new Date(NOW.getTime() + 10 * MINUTE)),
    ).toBe('timestamp out of tolerance');
  });

  it('O10.1 retries a failing receiver on the schedule for 24 hours, the same webhook-id each time, then fails', async () => {
    const { id: webhookId, secret } = await addWebhook(receiver.url('/failing'));
    receiver.answer(() => 500);
    const id = await queue();
    const first = clock.now().getTime();
    const expected = [0, 5 * SECOND, 5 * SECOND + 5 * MINUTE, 5 * SECOND + 35 * MINUTE];
    expected.push(5 * SECOND + 2 * HOUR + 35 * MINUTE, 5 * SECOND + 7 * HOUR + 35 * MINUTE);
    expected.push(5 * SECOND + 17 * HOUR + 35 * MINUTE, 24 * HOUR);
    for (const [i, offset] of expected.entries()) {
      // Just before it is due nothing goes; at the time it does.
      if (i > 0) {
        clock.set(first + offset - 1);
        expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      }
      clock.set(first + offset);
      const result = await send();
      expect(result).toEqual(
        i < expected.length - 1
          ? { delivered: 0, retrying: 1, failed: 0 }
          : { delivered: 0, retrying: 0, failed: 1 },
      );
    }
    clock.set(first + 48 * HOUR);
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual(expected.map(() => id));
    for (const hook of receiver.received)
      expect(
        verifyStandardWebhook(
          secret,
          hook.headers,
          hook.body,
          new Date(Number(hook.headers['webhook-timestamp']) * 1000),
        ),
      ).toBeNull();
    const [row] = await deliveries(webhookId);
    expect(row).toMatchObject({ state: 'failed', attempts: 8 });

    const log = await h.app.inject({
      method: 'GET',
      url: `${CONSOLE}/webhooks/${webhookId}/deliveries`,
      headers: owner,
    });
    const [item] = log.json().data.items;
    expect(item.state).toBe('failed');
    expect(item.attempts.map((a: { at: string }) => new Date(a.at).getTime() - first)).toEqual(expected);
    expect(
      item.attempts.every(
        (a: { statusCode: number; error: string }) => a.statusCode === 500 && a.error.startsWith('HTTP 500'),
      ),
    ).toBe(true);
    expect(item.attempts.every((a: { durationMs: number }) => a.durationMs >= 0)).toBe(true);
  });

  it('a receiver down, then up, gets every event exactly once per endpoint (deduped by webhook-id)', async () => {
    const a = await addWebhook(receiver.url('/a'));
    const b = await addWebhook(receiver.url('/b'), ['response.created']);
    await receiver.down();
    const ids = [await queue(), await queue(), await queue('case.opened'), await queue()];
    expect(await send()).toEqual({ delivered: 0, retrying: 7, failed: 0 });
    const [down] = (
      await (
        await h.app.inject({ method: 'GET', url: `${CONSOLE}/webhooks/${a.id}/deliveries`, headers: owner })
      ).json()
    ).data.items;
    expect(down.attempts[0]).toMatchObject({ statusCode: null });
    expect(down.attempts[0].error).toMatch(/ECONNREFUSED/);

    await receiver.up();
    // Half of what it gets fails at first: every other request answers 503.
    let n = 0;
    receiver.answer(() => {
      n += 1;
      return n % 2 === 0 ? 503 : 200;
    });
    for (let round = 0; round < 6; round += 1) {
      clock.advance(HOUR);
      await send();
    }
    const okAt = (path: string) =>
      receiver.received
        .filter((r) => r.path === path && r.status === 200)
        .map((r) => r.headers['webhook-id']);
    expect(okAt('/a').sort()).toEqual([...ids].sort());
    expect(okAt('/b').sort()).toEqual(ids.filter((_, i) => i !== 2).sort());
    expect((await deliveries(a.id)).every((d) => d.state === 'delivered')).toBe(true);
    expect((await deliveries(b.id)).every((d) => d.state === 'delivered')).toBe(true);
    // Nothing more goes once delivered.
    const before = receiver.received.length;
    clock.advance(30 * HOUR);
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(before);
  });

  it('a delivery leased by a sender that died is taken again once its lease ends', async () => {
    const { id: webhookId } = await addWebhook(receiver.url('/lease'));
    const id = await queue();
    // A "dead" sender claimed it a moment ago and never recorded an attempt.
    const leaseEnds = new Date(clock.now().getTime() + 60 * SECOND);
    await h.database.db.execute(
      sql`update webhook_deliveries set leased_until = ${leaseEnds.toISOString()}::timestamptz where webhook_id = ${webhookId}`,
    );
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    clock.set(leaseEnds.getTime() - 1);
    expect(await send()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    clock.set(leaseEnds.getTime());
    expect(await send()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([id]);
    expect(await deliveries(webhookId)).toMatchObject([
      { state: 'delivered', attempts: 1, leasedUntil: null },
    ]);
  });

  it('two senders at once never send the same delivery twice (skip locked leases)', async () => {
    await addWebhook(receiver.url('/race'));
    const ids = await Promise.all(Array.from({ length: 30 }, () => queue()));
    receiver.answer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 200;
    });
    const results = await Promise.all([send(), send(), send()]);
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(30);
    expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
  });

  /** An app over the harness's database, as a server (re)started on it would build. */
  const appOverDatabase = () =>
    buildApp({
      db: h.database.db,
      config: { logLevel: 'silent', webhooks: LOCAL },
      clock,
      rateLimiter: roomyLimiter(),
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: h.outbox.mailer,
      storage: h.storage,
    });

  it('a restart delivers what was pending: a new app and its minute job on the same database', async () => {
    const { id: webhookId } = await addWebhook(receiver.url('/restart'));
    await receiver.down();
    const before = await appOverDatabase();
    const ids = [await queue(), await queue()];
    expect(await before.webhookSender.sendDue()).toEqual({ delivered: 0, retrying: 2, failed: 0 });
    await before.close();
    await receiver.up();
    // A new app starts over the same database; its minute job sends what the old one left.
    const after = await appOverDatabase();
    try {
      const job = serverJobs({
        db: h.database.db,
        rateLimiter: roomyLimiter(),
        storage: h.storage,
        webhooks: LOCAL,
      }).find((j) => j.name === 'webhook-deliveries');
      if (!job) throw new Error('no webhook-deliveries job');
      // Not due yet (the first retry is 5 s after the failure), then due.
      expect(await job.run(clock.now())).toEqual({ delivered: 0, retrying: 0, failed: 0 });
      expect(await job.run(clock.advance(MINUTE))).toEqual({ delivered: 2, retrying: 0, failed: 0 });
    } finally {
      await after.close();
    }
    const delivered = receiver.received.filter((r) => r.status === 204).map((r) => r.headers['webhook-id']);
    expect(delivered.sort()).toEqual([...ids].sort());
    expect((await deliveries(webhookId)).map((d) => d.state)).toEqual(['delivered', 'delivered']);
  });

  it('the app sends a kicked event at once, and its close waits for the send in flight', async () => {
    const { id: webhookId } = await addWebhook(receiver.url('/slow'));
    const app = await appOverDatabase();
    let answered = false;
    receiver.answer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      answered = true;
      return 200;
    });
    await queue();
    app.webhookSender.kick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(answered).toBe(true);
    expect(await deliveries(webhookId)).toMatchObject([{ state: 'delivered', attempts: 1 }]);
  });

  it('a kick while the sender plans its next retry gets a pass of its own (not the minute timer)', async () => {
    const { id: webhookId } = await addWebhook(receiver.url('/planning'));
    let planning: () => void = () => {};
    let planned = 0;
    const sender = createWebhookSender({
      db: h.database.db,
      clock: { now: () => new Date() },
      options: LOCAL,
      log: { error: () => {} },
      // The first plan is held open until the test has queued and kicked its event.
      nextDue: async () => {
        planned += 1;
        if (planned === 1) await new Promise<void>((resolve) => (planning = resolve));
        return null;
      },
    });
    sender.kick();
    while (planned === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await queue();
    sender.kick();
    planning();
    const until = Date.now() + 5000;
    while (Date.now() < until && (await deliveries(webhookId))[0]?.state !== 'delivered') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sender.stop();
    expect(await deliveries(webhookId)).toMatchObject([{ state: 'delivered', attempts: 1 }]);
  });

  it('the in-process sender retries on its own timer when the next attempt falls due', async () => {
    const { id: webhookId } = await addWebhook(receiver.url('/timer'));
    // A real clock and a schedule a thousand times shorter: the 5 s retry comes 5 ms later.
    const sender = createWebhookSender({
      db: h.database.db,
      clock: { now: () => new Date() },
      options: { ...LOCAL, timeScale: 0.001 },
      log: { error: () => {} },
    });
    let n = 0;
    receiver.answer(() => {
      n += 1;
      return n === 1 ? 500 : 200;
    });
    await enqueueEvent(h.database.db, {
      companyId: 1,
      type: 'response.created',
      messageId: messageId(),
      data: {},
      at: new Date(),
    });
    sender.kick();
    const until = Date.now() + 5000;
    while (Date.now() < until && (await deliveries(webhookId))[0]?.state !== 'delivered') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sender.stop();
    expect(await deliveries(webhookId)).toMatchObject([{ state: 'delivered', attempts: 2 }]);
  });

  it('POST /webhooks/{id}/test queues a webhook.test event to that webhook alone and sends it at once', async () => {
    const { id, secret } = await addWebhook(receiver.url('/test-event'), ['case.resolved']);
    const other = await addWebhook(receiver.url('/other'), ['case.resolved']);
    const answer = await h.app.inject({
      method: 'POST',
      url: `${CONSOLE}/webhooks/${id}/test`,
      headers: owner,
    });
    expect(answer.statusCode).toBe(202);
    const { messageId: sent } = answer.json().data;
    const until = Date.now() + 5000;
    while (Date.now() < until && receiver.received.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(receiver.received.map((r) => [r.path, r.headers['webhook-id']])).toEqual([['/test-event', sent]]);
    const [hook] = receiver.received;
    expect(JSON.parse(hook?.body ?? '{}')).toMatchObject({ type: 'webhook.test', data: { webhookId: id } });
    expect(verifyStandardWebhook(secret, hook?.headers ?? {}, hook?.body ?? '', clock.now())).toBeNull();
    expect(await deliveries(other.id)).toEqual([]);
  });

  it('O10.4 a target that resolves to a private address is refused at delivery too (DNS can change)', async () => {
    const { id: webhookId } = await addWebhook(receiver.url('/private'));
    await queue();
    // Sent as production would: private targets not allowed.
    expect(await send(STRICT)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    const [item] = (
      await h.app.inject({
        method: 'GET',
        url: `${CONSOLE}/webhooks/${webhookId}/deliveries`,
        headers: owner,
      })
    ).json().data.items;
    expect(item.attempts[0].statusCode).toBeNull();
    expect(item.attempts[0].error).toMatch(
      /^refused: .*private, loopback or reserved address \(127\.0\.0\.1\)/,
    );
  });

  it('O10.4 a name is resolved once per attempt and only the checked addresses are connected to', async () => {
    // "localhost" resolves to loopback: refused before any connection without the allowance…
    const { id: webhookId } = await addWebhook(receiver.url('/named').replace('127.0.0.1', 'localhost'));
    await queue();
    expect(await send(STRICT)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    // …and reached with it, through the same checked lookup.
    clock.advance(5 * SECOND);
    expect(await send()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(webhookId))[0]?.state).toBe('delivered');
  });
});
