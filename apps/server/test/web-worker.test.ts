import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { REVALIDATE, webPlugin } from '../src/plugins/web';

const INDEX = '<!doctype html><html lang="en-GB"><head><title>Venue Voice</title></head><body></body></html>';
const WORKER = 'self.addEventListener("message", () => {});';
const MANIFEST = JSON.stringify({ name: 'Venue Voice', start_url: '/', display: 'standalone' });

const cleanups: Array<() => Promise<void>> = [];

/** A built app in a temporary folder (with or without its worker) served by the web plugin alone. */
async function serve(withWorker: boolean): Promise<FastifyInstance> {
  const dist = await mkdtemp(join(tmpdir(), 'vv-sw-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'manifest.webmanifest'), MANIFEST);
  if (withWorker) await writeFile(join(dist, 'sw.js'), WORKER);
  const app = Fastify({ logger: false });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ error: { code: 10002, message: 'Unknown route', detail: null, ui: false } });
  });
  await app.register(webPlugin, { distDir: dist });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await rm(dist, { recursive: true, force: true });
  });
  return app;
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('web plugin: the service worker (decision 0088)', () => {
  it('serves /sw.js as JavaScript, always revalidated, allowed to control the whole origin', async () => {
    const app = await serve(true);
    const res = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toBe(WORKER);
  });

  it('answers a missing worker with 404, never with index.html (its registration would fail on MIME)', async () => {
    const app = await serve(false);
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect(res.json().error.code).toBe(10002);
  });

  it('gives only the worker the scope header; other files and app routes keep plain no-cache', async () => {
    const app = await serve(true);
    for (const url of ['/manifest.webmanifest', '/', '/staff']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['service-worker-allowed'], url).toBeUndefined();
    }
  });

  it('serves the manifest as a web app manifest', async () => {
    const app = await serve(true);
    const res = await app.inject({ url: '/manifest.webmanifest' });
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toMatchObject({ display: 'standalone', start_url: '/' });
  });
});
