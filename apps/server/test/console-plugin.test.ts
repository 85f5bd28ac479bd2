import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePlugin } from '../src/plugins/console';
import { APP_CSP, CONSOLE_CSP, registerSecurityHeaders } from '../src/plugins/security-headers';
import { IMMUTABLE, REVALIDATE, webPlugin } from '../src/plugins/web';

const CONSOLE_INDEX =
  '<!doctype html><html><head><title>Venue Voice console</title></head><body></body></html>';
const WEB_INDEX = '<!doctype html><html><head><title>Venue Voice</title></head><body></body></html>';
const SCRIPT = `console.log(${JSON.stringify('c'.repeat(2000))});`;

/** The console beside the web app, as serve.ts registers them, with the API's not-found answer. */
async function buildServer(consoleDist: string, webDist: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerSecurityHeaders(app);
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: { code: 10002, message: 'Unknown route', detail: null, ui: false } });
  });
  await app.register(consolePlugin, { distDir: consoleDist });
  await app.register(webPlugin, { distDir: webDist });
  await app.ready();
  return app;
}

let root: string;
let app: FastifyInstance;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vv-console-'));
  const consoleDist = join(root, 'console');
  const webDist = join(root, 'web');
  await mkdir(join(consoleDist, 'assets'), { recursive: true });
  await mkdir(webDist, { recursive: true });
  await writeFile(join(consoleDist, 'index.html'), CONSOLE_INDEX);
  await writeFile(join(consoleDist, 'assets', 'index-Xy9.js'), SCRIPT);
  await writeFile(join(consoleDist, 'assets', 'index-Xy9.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(consoleDist, 'assets', 'index-Xy9.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(webDist, 'index.html'), WEB_INDEX);
  app = await buildServer(consoleDist, webDist);
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('console plugin: the console at /console beside the web app', () => {
  it.each(['/console/', '/console/sign-in', '/console/branches/1/staff', '/console/link/abc?x=1'])(
    'answers %s with the console page (SPA fallback), revalidated, under the console policy',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toBe(CONSOLE_INDEX);
    },
  );

  it('sends /console to /console/', async () => {
    const res = await app.inject({ url: '/console' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('serves hashed files pre-compressed and cached for a year', async () => {
    const res = await app.inject({
      url: '/console/assets/index-Xy9.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers a missing hashed file 404, never the page (a stale tab must not run HTML as script)', async () => {
    const res = await app.inject({ url: '/console/assets/index-Old.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('leaves the guest app alone: / is the web app, with its own policy', async () => {
    const res = await app.inject({ url: '/demo-bistro' });
    expect(res.body).toBe(WEB_INDEX);
    expect(res.headers['content-security-policy']).toBe(APP_CSP);
  });

  it('allows no inline or third-party script on the console', () => {
    const scripts = CONSOLE_CSP.split('; ').find((part) => part.startsWith('script-src'));
    expect(scripts).toBe("script-src 'self'");
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
  });

  it('says plainly that the console is not built, instead of the web app answering /console', async () => {
    const bare = await buildServer(join(root, 'missing'), join(root, 'web'));
    const res = await bare.inject({ url: '/console/devices' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/console is not built/);
    await bare.close();
  });
});
