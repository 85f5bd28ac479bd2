import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from '../../src/plugins/web';
import { databases } from '../databases';
import { call, type Harness, startHarness, web } from '../harness';
import { create, createPayload } from '../submit-fixtures';
import { multipart, photoParts, responseHeaders, UPSERT } from '../upload-helpers';
import { smallJpeg } from './tenants';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

/** What every answer must carry, whatever it is (issue 9: every page and upload). */
function expectSafe(headers: Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toMatch(/^(same-origin|no-referrer|strict-origin)/);
  const csp = directives(String(headers['content-security-policy'] ?? ''));
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts.length, `${what}: a script policy`).toBeGreaterThan(0);
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  // Uploads are sandboxed (no framing danger: nothing can run), everything else refuses framing.
  if (!csp.has('sandbox')) expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
}

const WEB_INDEX = join(__dirname, '../../../web');

describe.each(databases())('security headers on $name', (target) => {
  let h: Harness;
  let dist: string;
  beforeAll(async () => {
    // A stand-in web build: the server serves whatever apps/web/dist holds, these files are enough.
    dist = await mkdtemp(join(tmpdir(), 'vv-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app-1.js"></script>',
    );
    await writeFile(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    await writeFile(join(dist, 'manifest.webmanifest'), '{}');
    h = await startHarness(target, { beforeReady: (app) => void app.register(webPlugin, { distDir: dist }) });
  });
  afterAll(async () => {
    await h?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'text/html'],
    ['/demo-bistro', 'text/html'],
    ['/register', 'text/html'],
    ['/assets/app-1.js', 'javascript'],
    ['/sw.js', 'javascript'],
    ['/manifest.webmanifest', ''],
    ['/assets/missing-2.js', 'json'],
    ['/api/docs', 'text/html'],
    ['/api/docs/json', 'json'],
    ['/api/health', 'json'],
    ['/api/v1/survey/config?edge=core', 'json'],
    ['/api/v1/nothing-here', 'json'],
    ['/api/v1/uploads/photos/1/00000000000000000000000000000000.jpg', 'json'],
  ])('GET %s', async (url, type) => {
    const r = await h.app.inject({ method: 'GET', url, headers: web() });
    if (type) expect(String(r.headers['content-type'])).toContain(type);
    expectSafe(r.headers, url);
  });

  it('HTML pages get the app policy: scripts from this origin only, the HEIC worker from a blob', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/demo-bistro' });
    const csp = directives(String(r.headers['content-security-policy']));
    expect(csp.get('script-src')).toContain("'self'");
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(r.headers['x-frame-options']).toBe('DENY');
  });

  it("a venue's branding may name its font and pictures on an https site, nothing plainer (decision 0183)", async () => {
    const r = await h.app.inject({ method: 'GET', url: '/demo-bistro' });
    const csp = directives(String(r.headers['content-security-policy']));
    expect(csp.get('font-src')).toEqual(["'self'", 'https:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it.each([
    ['POST', `/api/v1/manage/staff/update/${'9'.repeat(150)}`],
    ['GET', '/api/v1/uploads/photos/%zz/a.jpg'],
  ] as const)(
    'a URL the router cannot read (%s %s) answers the error envelope 10026 with the headers',
    async (method, url) => {
      const r = await call(h.app, { method, url });
      expect([r.status, r.body.error.code]).toEqual([400, 10026]);
      expectSafe(r.headers, url);
    },
  );

  it('API answers get a policy that lets nothing load or run', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(directives(String(r.headers['content-security-policy'])).get('default-src')).toEqual(["'none'"]);
  });

  it('an uploaded photo keeps its sandbox and nosniff, served inline as a JPEG', async () => {
    const made = await create(h.app, createPayload());
    const c = { id: made.body.data.id, secret: made.body.data.secret };
    const body = multipart(photoParts(await smallJpeg()));
    const up = await call(h.app, {
      method: 'POST',
      url: UPSERT,
      headers: { ...responseHeaders(c), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.status).toBe(200);
    for (const url of [up.body.data.imageUrl, up.body.data.thumbnailUrl]) {
      const r = await h.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/jpeg');
      expectSafe(r.headers, url);
      expect(directives(String(r.headers['content-security-policy'])).has('sandbox')).toBe(true);
    }
  });

  it("the web app's page has no inline script, so the policy needs no 'unsafe-inline' (built page when present)", async () => {
    const built = join(WEB_INDEX, 'dist', 'index.html');
    const html = await readFile(existsSync(built) ? built : join(WEB_INDEX, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes, 'every script has a src').toMatch(/\bsrc=/);
      expect(content?.trim(), 'and nothing inline').toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
