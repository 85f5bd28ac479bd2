import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../databases';
import { type Harness, startHarness } from '../harness';

/**
 * A GET with its path sent exactly as written. app.inject cannot send these: it reads the URL with the
 * WHATWG parser, which resolves `%2e%2e` segments before the app sees them (issue 27's 500 was missed).
 */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(databases())('paths as sent on the wire, on $name', (target) => {
  let h: Harness;
  let port: number;
  beforeAll(async () => {
    h = await startHarness(target);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
  });
  afterAll(() => h?.close());

  it.each([
    '/api/docs/static/%2e%2e/package.json',
    '/api/docs/static/%2E%2E/index.html',
    '/api/docs/static/%2e%2e/',
    '/api/docs/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/api/docs/static/a/%2e%2e/%2e%2e/index.css',
    '/api/docs/static/.%2e/swagger-ui.css',
    '/api/docs/static/%00index.css',
  ])('GET %s: 404 10002, no file read outside the docs folder', async (path) => {
    const r = await rawGet(port, path);
    expect([r.status, JSON.parse(r.body).error.code], r.body).toEqual([404, 10002]);
    expect(r.body).not.toMatch(/"(dependencies|version)"|root:/);
  });

  it('the docs page’s own files are still served', async () => {
    const r = await rawGet(port, '/api/docs/static/index.css');
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/css');
  });

  it('a byte range the file cannot give is 416 with the error envelope, not a 500', async () => {
    const r = await rawGet(port, '/api/docs/static/index.css', { range: 'bytes=99999999-' });
    expect([r.status, JSON.parse(r.body).error.code]).toEqual([416, 10026]);
  });
});
