import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, REVALIDATE, webPlugin } from '../src/plugins/web';

const INDEX = '<!doctype html><html lang="en-GB"><head><title>Venue Voice</title></head><body></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A small Fastify with the API's not-found answer, so /api paths can be checked (api.md 10002). */
async function buildServer(distDir: string, logs: string[] = []): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: { code: 10002, message: 'Unknown route', detail: null, ui: false } });
  });
  app.get('/api/health', async () => ({ data: { status: 'ok' } }));
  await app.register(webPlugin, { distDir });
  await app.ready();
  return app;
}

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'vv-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  await writeFile(join(dist, 'index.html.gz'), gzipSync(INDEX));
  await writeFile(join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildServer(dist);
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web plugin: serving the built app', () => {
  it('serves hashed assets pre-compressed with brotli and caches them for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, by Accept-Encoding', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.body).toBe(INDEX);
  });

  it.each(['/demo-bistro', '/demo-bistro/123456', '/demo-bistro/pve/777?checkId=4', '/error-404'])(
    'answers index.html for the client route %s (no-cache, compressed when accepted)',
    async (url) => {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    },
  );

  it('serves other files of the build, revalidated', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it.each(['/api', '/api/v1/nothing-here', '/api/v1/survey/unknown?x=1'])(
    'leaves %s to the API: 404 with code 10002, not the app',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 10002 } });
    },
  );

  it('does not shadow API routes', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('answers 404, not HTML, for a hashed asset that is not in this build', async () => {
    const res = await app.inject({ url: '/assets/index-OldHash.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('serves nothing outside the build folder', async () => {
    for (const url of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await app.inject({ url });
      expect(res.body, url).not.toMatch(/"name"|root:/);
    }
  });

  it('handles only GET: other methods get the not-found answer', async () => {
    const res = await app.inject({ method: 'POST', url: '/demo-bistro' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 10002 } });
  });
});

describe('web plugin: without a build', () => {
  it('logs a warning and serves nothing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'vv-web-empty-'));
    const logs: string[] = [];
    const bare = await buildServer(empty, logs);
    try {
      expect(logs.join('\n')).toMatch(/Web app not built/);
      const res = await bare.inject({ url: '/demo-bistro' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 10002 } });
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
