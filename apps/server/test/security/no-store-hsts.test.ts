import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { fixedClock } from '../../src/lib/clock';
import { databases } from '../databases';
import { appHeaders, register, startDeviceApp, TEST_PASSCODE_KEY } from '../device-fixtures';
import { call, type Harness, NOW, web } from '../harness';
import { create, createPayload } from '../submit-fixtures';
import { roomyLimiter } from '../support/limiters';
import { unusedMailer } from '../support/mail';
import { tempPhotoStorage } from '../support/photo-storage';
import { multipart, photoParts, responseHeaders, UPSERT } from '../upload-helpers';
import { smallJpeg } from './tenants';

type Call = Omit<InjectOptions, 'headers'> & { headers: Record<string, string> };
/** What the journey's calls need: a guest, a response's holder and a tablet. */
interface Callers {
  guest: Record<string, string>;
  holder: Record<string, string>;
  tablet: Record<string, string>;
  photo: { payload: Buffer; contentType: string };
}

// Every answer that holds personal data or a secret, and a refusal, in journey order: [name, call, status].
const journey: [string, (c: Callers) => Call, number][] = [
  [
    'survey.transaction (a receipt)',
    (c) => ({ method: 'GET', url: '/api/v1/survey/transaction?branchId=1&pin=123456', headers: c.guest }),
    200,
  ],
  [
    'survey.transaction (a table)',
    (c) => ({ method: 'GET', url: '/api/v1/survey/transaction?branchId=1&tableId=12', headers: c.guest }),
    200,
  ],
  [
    'survey.submit create (id and secret)',
    (c) => ({
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: c.guest,
      payload: { type: 'create', payload: createPayload() },
    }),
    200,
  ],
  [
    'survey.submit supplement (contact details)',
    (c) => ({
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: c.holder,
      payload: { type: 'supplement', payload: { permitted: true, contact: { name: 'Ann Example' } } },
    }),
    200,
  ],
  [
    'survey.submit.batch (a tablet)',
    (c) => ({
      method: 'POST',
      url: '/api/v1/survey/submit/batch',
      headers: c.tablet,
      payload: { items: [{ type: 'create', payload: createPayload() }] },
    }),
    200,
  ],
  [
    'survey.prompt (a review drafted from the answers)',
    (c) => ({ method: 'GET', url: '/api/v1/survey/prompt', headers: c.holder }),
    200,
  ],
  [
    'survey.upload.upsert (photo URLs)',
    (c) => ({
      method: 'POST',
      url: UPSERT,
      headers: { ...c.holder, 'content-type': c.photo.contentType },
      payload: c.photo.payload,
    }),
    200,
  ],
  [
    'survey.track',
    (c) => ({
      method: 'POST',
      url: '/api/v1/survey/track',
      headers: c.holder,
      payload: { actions: ['shared_email'] },
    }),
    200,
  ],
  [
    'survey.config in app mode (the team)',
    (c) => ({ method: 'GET', url: '/api/v1/survey/config?edge=branch,staff', headers: c.tablet }),
    200,
  ],
  [
    'manage.staff.listing',
    (c) => ({
      method: 'GET',
      url: '/api/v1/manage/staff/listing',
      headers: { ...c.tablet, 'x-staff-pin': '1111' },
    }),
    200,
  ],
  [
    'device.configure',
    (c) => ({
      method: 'POST',
      url: '/api/v1/device/configure',
      headers: c.tablet,
      payload: { uuid: 'uuid-1', configuration: { settingsPasscode: '2468' } },
    }),
    200,
  ],
  [
    'a refusal (a wrong response secret)',
    (c) => ({
      method: 'GET',
      url: '/api/v1/survey/prompt',
      headers: { ...c.holder, 'x-response-secret': 'wrong-secret-wrong-secret' },
    }),
    401,
  ],
];

describe.each(databases())('Cache-Control on API answers (decision 0194) on $name', (target) => {
  let h: Harness;
  const callers = {} as Callers;

  beforeAll(async () => {
    h = await startDeviceApp(target);
    callers.guest = web('demo-bistro', { 'x-branch': '1' });
    const made = await create(h.app, createPayload());
    expect(made.status).toBe(200);
    callers.holder = responseHeaders(made.body.data, callers.guest);
    const registered = await register(h.app, { deviceId: 'no-store-tablet', uuid: 'uuid-1' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    callers.tablet = appHeaders('no-store-tablet', registered.body.data.token);
    callers.photo = multipart(photoParts(await smallJpeg()));
  });
  afterAll(() => h?.close());

  it.each(journey)('%s answers Cache-Control: no-store', async (_name, build, status) => {
    const r = await call(h.app, build(callers) as InjectOptions);
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('device.register (the token) answers no-store', async () => {
    const r = await register(h.app, { deviceId: 'no-store-tablet-2' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it("a guest's survey.config (public venue data) stays revalidated by its ETag", async () => {
    const r = await call(h.app, {
      method: 'GET',
      url: '/api/v1/survey/config?edge=core',
      headers: callers.guest,
    });
    expect([r.status, r.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(r.headers.etag).toEqual(expect.any(String));
  });

  it('a photo keeps its own caching (private, immutable: its URL names one content forever)', async () => {
    const made = await create(h.app, createPayload());
    const holder = responseHeaders(made.body.data, callers.guest);
    const up = await call(h.app, {
      method: 'POST',
      url: UPSERT,
      headers: { ...holder, 'content-type': callers.photo.contentType },
      payload: callers.photo.payload,
    });
    expect(up.status).toBe(200);
    const r = await h.app.inject({ method: 'GET', url: up.body.data.imageUrl });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, max-age=86400, immutable');
  });
});

describe('Strict-Transport-Security only over HTTPS (decision 0194)', () => {
  const [pglite] = databases();
  let drop: () => Promise<void>;
  let trusting: FastifyInstance;
  let trustingNone: FastifyInstance;

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite target');
    const created = await pglite.create({ now: NOW });
    drop = created.drop;
    const appWith = async (trustProxy: string[] | undefined) => {
      const photos = await tempPhotoStorage();
      const app = await buildApp({
        db: created.database.db,
        config: { logLevel: 'silent', trustProxy },
        clock: fixedClock(NOW),
        rateLimiter: roomyLimiter(),
        passcodeKey: TEST_PASSCODE_KEY,
        mailer: unusedMailer(),
        storage: photos.storage,
      });
      app.addHook('onClose', photos.remove);
      await app.ready();
      return app;
    };
    // The load balancer at 10.0.0.5 ends TLS and says so in X-Forwarded-Proto.
    trusting = await appWith(['10.0.0.0/8']);
    trustingNone = await appWith(undefined);
  });
  afterAll(async () => {
    await trusting?.close();
    await trustingNone?.close();
    await drop?.();
  });

  const hsts = async (app: FastifyInstance, remoteAddress: string, proto?: string, url = '/api/health') =>
    (
      await app.inject({
        method: 'GET',
        url,
        remoteAddress,
        headers: proto ? { 'x-forwarded-proto': proto } : {},
      })
    ).headers['strict-transport-security'];

  it.each([
    ['through the trusted proxy over https', 'trusting', '10.0.0.5', 'https', 'max-age=31536000'],
    [
      'an error answer, through the trusted proxy over https',
      'trusting',
      '10.0.0.5',
      'https',
      'max-age=31536000',
    ],
    ['through the trusted proxy over http', 'trusting', '10.0.0.5', 'http', undefined],
    ['through the trusted proxy, no X-Forwarded-Proto', 'trusting', '10.0.0.5', undefined, undefined],
    ['from a client claiming https itself', 'trusting', '203.0.113.9', 'https', undefined],
    ['with no proxy trusted, claiming https', 'trustingNone', '10.0.0.5', 'https', undefined],
  ] as const)('%s: %s', async (what, app, from, proto, expected) => {
    const url = what.startsWith('an error answer') ? '/api/v1/nothing-here' : '/api/health';
    expect(await hsts(app === 'trusting' ? trusting : trustingNone, from, proto, url)).toBe(expected);
  });
});
