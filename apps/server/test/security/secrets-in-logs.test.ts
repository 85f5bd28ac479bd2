import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/connection';
import { fixedClock } from '../../src/lib/clock';
import { loggableError, loggableUrl } from '../../src/lib/logger';
import { sealKnownPasscode } from '../../src/services/devices/admin';
import { databases } from '../databases';
import { passFor, TEST_PASSCODE_KEY } from '../device-fixtures';
import { call, NOW, web } from '../harness';
import { createPayload } from '../submit-fixtures';
import { roomyLimiter } from '../support/limiters';
import { unusedMailer } from '../support/mail';
import { tempPhotoStorage } from '../support/photo-storage';
import { multipart, photoParts, UPSERT } from '../upload-helpers';
import { smallJpeg } from './tenants';

/** Every string in a log line (keys and values), numbers left out: times and ids are not secrets. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [k, ...strings(v)]);
  return [];
}

/**
 * Whether `secret` appears in `text` on its own, not inside a longer run of letters and digits. The
 * trace log holds the upload's random multipart boundary (16 hex digits), in which a four-digit PIN
 * turns up by chance about once in 5,000 runs (a CI run failed on '9876'; the boundary is the only
 * random text in this log): no leak. A leaked value stands between the log's delimiters (newlines
 * here, `=`, `&`, `/`, quotes, spaces).
 */
function containsToken(text: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).test(text);
}

/** Query parameters that hold secrets of any kind; `pin` (api.md's receipt PIN) is the one exception. */
const SECRET_PARAMETER = /secret|token|pass(word|code)?$|^pass|auth|staff.?pin|e-?mail|phone|key$/i;

describe.each(databases())('secrets never in URLs or logs, on $name', (target) => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await target.create({ now: NOW }));
    await sealKnownPasscode(database.db, TEST_PASSCODE_KEY, 'demo1');
    const photos = await tempPhotoStorage();
    app = await buildApp({
      db: database.db,
      // The most the server ever logs: if nothing leaks at trace, nothing leaks at info.
      config: { logLevel: 'trace' },
      clock: fixedClock(NOW),
      rateLimiter: roomyLimiter(),
      passcodeKey: TEST_PASSCODE_KEY,
      mailer: unusedMailer(),
      storage: photos.storage,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    app.addHook('onClose', photos.remove);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('a full journey of guest, tablet and manager logs none of the secrets it used', async () => {
    const secrets: Record<string, string> = {
      'receipt PIN': '123457',
      'receipt PIN in the address': '123458',
      'PVE reference in the address': 'PVE77553',
      'device passcode': 'demo1',
      'settings passcode': '24680',
      'new settings passcode': '97531',
      'staff PIN': '1111',
      'wrong staff PIN': '9876',
      'contact e-mail': 'leak.check@example.com',
      'contact phone': '07700900123',
    };
    const guest = web('demo-bistro', { 'x-branch': '1' });
    const ok = (r: Awaited<ReturnType<typeof call>>, what: string) =>
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(200);

    // Guest: opens the venue's address with a receipt PIN or PVE reference in it (G2), as a QR code sends.
    for (const url of [
      `/demo-bistro/${secrets['receipt PIN in the address']}`,
      `/demo-bistro/pin/${secrets['receipt PIN in the address']}?utm_source=qr`,
      `/Demo-Bistro/PVE/${secrets['PVE reference in the address']}`,
      `/demo-bistro/${encodeURIComponent(`${secrets['receipt PIN in the address']} `)}/`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(500);
    }
    // Guest: check-in by receipt PIN and by table, config, create, supplement, photo, prompt, track.
    ok(
      await call(app, { method: 'GET', url: '/api/v1/survey/config?edge=core,surveys', headers: guest }),
      'config',
    );
    const lookup = await call(app, {
      method: 'GET',
      url: `/api/v1/survey/transaction?branchId=1&pin=${secrets['receipt PIN']}`,
      headers: guest,
    });
    ok(lookup, 'transaction');
    expect(lookup.body.data.pin.validData).toBe(true);
    ok(
      await call(app, {
        method: 'GET',
        url: '/api/v1/survey/transaction?branchId=1&tableId=12',
        headers: guest,
      }),
      'table',
    );
    const created = await call(app, {
      method: 'POST',
      url: '/api/v1/survey/submit',
      headers: guest,
      payload: { type: 'create', payload: createPayload() },
    });
    ok(created, 'create');
    secrets['response secret'] = created.body.data.secret;
    const holder = {
      ...guest,
      'x-response-id': String(created.body.data.id),
      'x-response-secret': created.body.data.secret,
    };
    ok(
      await call(app, {
        method: 'POST',
        url: '/api/v1/survey/submit',
        headers: holder,
        payload: {
          type: 'supplement',
          payload: {
            permitted: true,
            contact: {
              name: 'Leak Check',
              email: secrets['contact e-mail'],
              phone: secrets['contact phone'],
            },
          },
        },
      }),
      'supplement',
    );
    const body = multipart(photoParts(await smallJpeg()));
    const photo = await call(app, {
      method: 'POST',
      url: UPSERT,
      headers: { ...holder, 'content-type': body.contentType },
      payload: body.payload,
    });
    ok(photo, 'upload');
    const key = /\/([0-9a-f]{32})\.jpg$/.exec(photo.body.data.imageUrl)?.[1];
    expect(key, photo.body.data.imageUrl).toBeDefined();
    secrets['photo key'] = key ?? '';
    expect((await app.inject({ method: 'GET', url: photo.body.data.imageUrl })).statusCode).toBe(200);
    ok(await call(app, { method: 'GET', url: '/api/v1/survey/prompt', headers: holder }), 'prompt');
    ok(
      await call(app, {
        method: 'POST',
        url: '/api/v1/survey/track',
        headers: holder,
        payload: { actions: ['shared_email'] },
      }),
      'track',
    );
    // A wrong secret is refused (and logged as a refusal, without the secret tried).
    const wrongSecret = 'WrongSecretWrongSecret123';
    secrets['wrong response secret'] = wrongSecret;
    expect(
      (
        await call(app, {
          method: 'GET',
          url: '/api/v1/survey/prompt',
          headers: { ...holder, 'x-response-secret': wrongSecret },
        })
      ).status,
    ).toBe(401);

    // Tablet: register with the branch passcode, configure, and a manager's calls by staff PIN.
    const deviceId = 'log-check-tablet';
    secrets.pass = passFor(deviceId, secrets['device passcode'] ?? '');
    const registered = await call(app, {
      method: 'POST',
      url: '/api/v1/device/register',
      headers: { 'x-auth-type': 'app', 'x-company': 'demo', 'x-branch': '1', 'x-device-id': deviceId },
      payload: {
        configuration: { settingsPasscode: secrets['settings passcode'] },
        pass: secrets.pass,
        uuid: 'log-check-installation',
      },
    });
    ok(registered, 'register');
    secrets['device token'] = registered.body.data.token;
    const tablet = {
      'x-auth-type': 'app',
      'x-device-id': deviceId,
      authorization: `Bearer ${registered.body.data.token}`,
    };
    ok(
      await call(app, { method: 'GET', url: '/api/v1/survey/config?edge=branch,staff', headers: tablet }),
      'app config',
    );
    ok(
      await call(app, {
        method: 'POST',
        url: '/api/v1/device/configure',
        headers: tablet,
        payload: {
          uuid: 'log-check-installation',
          configuration: { settingsPasscode: secrets['new settings passcode'] },
        },
      }),
      'configure',
    );
    const manage = (pin: string) =>
      call(app, {
        method: 'GET',
        url: '/api/v1/manage/staff/listing',
        headers: { ...tablet, 'x-staff-pin': pin },
      });
    ok(await manage(secrets['staff PIN'] ?? ''), 'manage');
    expect((await manage(secrets['wrong staff PIN'] ?? '')).status).toBe(400);
    ok(
      await call(app, {
        method: 'POST',
        url: '/api/v1/device/deregister',
        headers: tablet,
        payload: { uuid: 'log-check-installation' },
      }),
      'deregister',
    );

    const log = lines.map((line) => strings(JSON.parse(line)).join('\n')).join('\n');
    // The log did record the journey (one line per request at least), so an empty log cannot pass.
    expect(lines.length).toBeGreaterThan(40);
    expect(log).toContain('/api/v1/survey/transaction?branchId=1&pin=[redacted]');
    expect(log).toContain('/demo-bistro/pin/[redacted]?utm_source=qr');
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(3);
      expect(containsToken(log, secret), `${what} (${secret}) is in the log`).toBe(false);
    }
  });

  it('no operation takes a secret in its query string (the receipt PIN, per api.md, is cut from logs)', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const inQuery: string[] = [];
    for (const [path, operations] of Object.entries<
      Record<string, { parameters?: { in: string; name: string }[] }>
    >(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const p of operation.parameters ?? [])
          if (p.in === 'query') inQuery.push(`${method} ${path} ${p.name}`);
      }
    }
    expect(inQuery.length).toBeGreaterThan(10);
    expect(inQuery.filter((name) => SECRET_PARAMETER.test(name.split(' ')[2] ?? ''))).toEqual([]);
  });

  it('URLs are logged without secret query values or photo keys', () => {
    expect(loggableUrl('/api/v1/survey/transaction?branchId=1&pin=123456&tableId=12&checkId=9&api=x')).toBe(
      '/api/v1/survey/transaction?branchId=1&pin=[redacted]&tableId=[redacted]&checkId=[redacted]&api=x',
    );
    expect(loggableUrl('/api/v1/survey/transaction?PIN=1&%70in=2')).toBe(
      '/api/v1/survey/transaction?PIN=[redacted]&%70in=[redacted]',
    );
    expect(loggableUrl('/api/v1/uploads/photos/7/0123456789abcdef0123456789abcdef-thumb.jpg')).toBe(
      '/api/v1/uploads/photos/7/[redacted]',
    );
    expect(loggableUrl('/demo-bistro')).toBe('/demo-bistro');
    // A guest's address: the PIN or PVE reference after the slug is cut, the pin/pve word and query kept.
    expect(loggableUrl('/demo-bistro/123456')).toBe('/demo-bistro/[redacted]');
    expect(loggableUrl('/demo-bistro/123456/')).toBe('/demo-bistro/[redacted]/');
    expect(loggableUrl('/demo-bistro/pin/123456?lang=de')).toBe('/demo-bistro/pin/[redacted]?lang=de');
    expect(loggableUrl('/demo-bistro/PVE/A-77')).toBe('/demo-bistro/PVE/[redacted]');
    expect(loggableUrl('/demo-bistro//123456')).toBe('/demo-bistro//[redacted]');
    // Screens, the app's files and the API keep their paths.
    expect(loggableUrl('/check_in/guest_receipt_pin_entry')).toBe('/check_in/guest_receipt_pin_entry');
    expect(loggableUrl('/assets/index-a1b2.js')).toBe('/assets/index-a1b2.js');
    expect(loggableUrl('/api/v1/manage/staff/update/12')).toBe('/api/v1/manage/staff/update/12');
  });

  it('a failed query is logged without its parameters (contact details, PINs)', () => {
    const error = new DrizzleQueryError(
      'update responses set email = $1',
      ['leak.check@example.com'],
      new Error('boom'),
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('update responses set email');
    expect(logged).not.toContain('leak.check@example.com');
  });
});
