import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { BotCheckConfig } from '../src/config';
import { responses } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { databases } from './databases';
import { call, type Harness, insertDevice, NOW, ROOMY_CREATE_LIMITS, startHarness, web } from './harness';
import { createPayload, supplement } from './submit-fixtures';
import { roomyLimiter } from './support/limiters';
import { unusedMailer } from './support/mail';
import { TEST_PASSCODE_KEY } from './support/passcode-key';
import { type SiteverifyStub, startSiteverifyStub } from './support/siteverify-stub';

const SECRET = '6LcSecretKeyOfTheVenueForTests_000000000x';
const GUEST_IP = '192.0.2.7';
// Real tokens are long base64url runs; these are long enough that a log line can only hold them by leaking.
const GOOD = 'goodToken_human_0123456789abcdefghijklmnopqrstuvwxyz';
const EDGE = 'edgeToken_atMinScore_0123456789abcdefghijklmnopqrst';
const LOW = 'lowToken_scoreTooLow_0123456789abcdefghijklmnopqrst';
const LOGIN = 'loginToken_otherAction_0123456789abcdefghijklmnopq';
const UNKNOWN = 'unknownToken_notIssued_0123456789abcdefghijklmnop';

/** A port nothing listens on: a server opened and closed again. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Issue 27 item 2, bot protection (decision 0200): with RECAPTCHA_SECRET set, a web create is stored
 * only when the provider (here a real HTTP stand-in of Google's siteverify) passes its X-Bot-Token.
 */
describe.each(databases())('D3.22 survey.submit bot check on $name', (target) => {
  let h: Harness;
  let stub: SiteverifyStub;
  const lines: string[] = [];
  let config: BotCheckConfig;
  /** More apps over the same database, closed at the end. */
  const others: FastifyInstance[] = [];
  const appWith = async (botCheck: BotCheckConfig | undefined) => {
    const app = await buildApp({
      db: h.database.db,
      config: { logLevel: 'silent', createLimits: ROOMY_CREATE_LIMITS, ...(botCheck ? { botCheck } : {}) },
      clock: fixedClock(NOW),
      rateLimiter: roomyLimiter(),
      // The harness's own photo directory: these apps store no photo, but buildApp needs a storage.
      storage: h.storage,
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: unusedMailer(),
    });
    others.push(app);
    return app;
  };

  beforeAll(async () => {
    stub = await startSiteverifyStub(SECRET);
    config = { secret: SECRET, verifyUrl: stub.url, minScore: 0.5, timeoutMs: 500 };
    stub.issue(GOOD, { score: 0.9, action: 'submit' });
    stub.issue(EDGE, { score: 0.5, action: 'submit' });
    stub.issue(LOW, { score: 0.3, action: 'submit' });
    stub.issue(LOGIN, { score: 0.9, action: 'login' });
    h = await startHarness(target, {
      // Trace: the most the server ever logs, read for the secret and the tokens below.
      deps: () => ({
        config: { logLevel: 'trace', createLimits: ROOMY_CREATE_LIMITS, botCheck: config },
        logStream: { write: (line: string) => void lines.push(line) },
      }),
    });
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await h?.close();
    await stub?.close();
  });
  beforeEach(() => {
    stub.mode({ kind: 'normal' });
    stub.received.length = 0;
  });

  const submit = (app: FastifyInstance, payload: unknown, headers: Record<string, string>) =>
    call(app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers,
      remoteAddress: GUEST_IP,
      payload: { type: 'create', payload },
    });
  const withToken = (token: string) => web('demo-bistro', { 'x-bot-token': token });
  const storedRows = async (guid: string) =>
    (await h.database.db.select({ id: responses.id }).from(responses).where(eq(responses.guid, guid))).length;

  /** A refused create: 10025 naming the header, nothing stored. */
  const expectRefused = async (answer: Awaited<ReturnType<typeof call>>, guid: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 10025,
      detail: { fields: [{ field: 'headers.x-bot-token', in: 'headers', message: 'submit.failed' }] },
    });
    expect(await storedRows(guid)).toBe(0);
  };

  it('no secret: web creates are not checked and the provider is never asked', async () => {
    const app = await appWith(undefined);
    const payload = createPayload();
    const answer = await submit(app, payload, web());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await storedRows(payload.guid)).toBe(1);
    expect(stub.received).toEqual([]);
  });

  it('a token the provider passes: stored; the provider got the secret, the token and the guest address as a form', async () => {
    const payload = createPayload();
    const answer = await submit(h.app, payload, withToken(GOOD));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await storedRows(payload.guid)).toBe(1);
    expect(stub.received).toEqual([
      {
        contentType: 'application/x-www-form-urlencoded',
        fields: { secret: SECRET, response: GOOD, remoteip: GUEST_IP },
      },
    ]);
  });

  it('a score exactly at RECAPTCHA_MIN_SCORE passes', async () => {
    const payload = createPayload();
    expect((await submit(h.app, payload, withToken(EDGE))).status).toBe(200);
  });

  it('no token (absent or empty): refused with 10025 without asking the provider, nothing stored', async () => {
    const absent = createPayload();
    await expectRefused(await submit(h.app, absent, web()), absent.guid);
    const empty = createPayload();
    await expectRefused(await submit(h.app, empty, withToken('')), empty.guid);
    expect(stub.received).toEqual([]);
  });

  it('a token that is no token (too long, odd characters): refused without asking the provider', async () => {
    const long = createPayload();
    await expectRefused(await submit(h.app, long, withToken('a'.repeat(5000))), long.guid);
    const odd = createPayload();
    await expectRefused(await submit(h.app, odd, withToken('abc def<script>')), odd.guid);
    expect(stub.received).toEqual([]);
  });

  it.each([
    ['the provider does not know it (success false)', UNKNOWN],
    ['its score is under the minimum', LOW],
    ['it was made for another action', LOGIN],
  ])('refused when %s: 10025, nothing stored', async (_why, token) => {
    const payload = createPayload();
    await expectRefused(await submit(h.app, payload, withToken(token)), payload.guid);
    expect(stub.received.map((r) => r.fields.response)).toEqual([token]);
  });

  it('a wrong secret (the provider answers invalid-input-secret) refuses every create', async () => {
    const app = await appWith({ ...config, secret: 'not-the-venue-secret' });
    const payload = createPayload();
    await expectRefused(await submit(app, payload, withToken(GOOD)), payload.guid);
  });

  it.each([
    ['slower than the timeout', { kind: 'slow', delayMs: 2000 } as const],
    ['answering 500', { kind: 'status', status: 500 } as const],
    ['answering something that is not JSON', { kind: 'raw', body: '<html>busy</html>' } as const],
    ['answering JSON that is not a verify answer', { kind: 'raw', body: '{"ok":1}' } as const],
  ])(
    'the provider %s: 503 10021 (retryable), nothing stored; the retry with a new token is stored',
    async (_why, mode) => {
      stub.mode(mode);
      const payload = createPayload();
      const started = Date.now();
      const answer = await submit(h.app, payload, withToken(GOOD));
      expect(Date.now() - started).toBeLessThan(1800);
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.error.code).toBe(10021);
      expect(await storedRows(payload.guid)).toBe(0);
      stub.mode({ kind: 'normal' });
      expect((await submit(h.app, payload, withToken(GOOD))).status).toBe(200);
      expect(await storedRows(payload.guid)).toBe(1);
    },
  );

  it('the provider down (nothing listens): 503 10021, nothing stored', async () => {
    const verifyUrl = `http://127.0.0.1:${await closedPort()}/recaptcha/api/siteverify`;
    const app = await appWith({ ...config, verifyUrl });
    const payload = createPayload();
    const answer = await submit(app, payload, withToken(GOOD));
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body.error.code).toBe(10021);
    expect(await storedRows(payload.guid)).toBe(0);
  });

  it('a tablet (registered device) is never checked: survey.submit and the batch, without a token', async () => {
    const device = { ...(await insertDevice(h.database, { branchId: 1 })), 'x-template-id': '1' };
    const single = createPayload();
    expect((await submit(h.app, single, device)).status).toBe(200);
    const queued = createPayload();
    const batch = await call(h.app, {
      method: 'POST',
      url: '/api/v1/survey/submit/batch',
      headers: device,
      payload: { items: [{ type: 'create', templateId: 1, payload: queued }] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data.results[0].status).toBe(200);
    expect(await storedRows(single.guid)).toBe(1);
    expect(await storedRows(queued.guid)).toBe(1);
    expect(stub.received).toEqual([]);
  });

  it('a supplement is not checked: it needs the response’s secret', async () => {
    const created = await submit(h.app, createPayload(), withToken(GOOD));
    stub.received.length = 0;
    const answer = await supplement(h.app, created.body.data, { permitted: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(stub.received).toEqual([]);
  });

  it('the log says why a create was refused or could not be checked, never the secret or a token', async () => {
    lines.length = 0;
    await submit(h.app, createPayload(), withToken(GOOD));
    await submit(h.app, createPayload(), withToken(LOW));
    stub.mode({ kind: 'status', status: 502 });
    await submit(h.app, createPayload(), withToken(GOOD));
    const log = lines.join('\n');
    expect(log).toContain('bot check: create refused');
    expect(log).toContain('low score');
    expect(log).toContain('bot check: the provider could not be asked');
    for (const secret of [SECRET, GOOD, LOW]) expect(log).not.toContain(secret);
  });
});
