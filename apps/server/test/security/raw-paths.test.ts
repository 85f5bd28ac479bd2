import { request } from 'node:http';
import { connect } from 'node:net';
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

/** Writes `bytes` on a new connection; answers what the server wrote before it closed the connection. */
function rawExchange(port: number, bytes: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
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

  it.each([
    ['a request line that is not HTTP', 'NOT HTTP AT ALL\r\n\r\n', 400],
    [
      'headers over Node’s 16 KB',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ] as const)(
    '%s: 400 or 431 with the error envelope (10026), the connection closed',
    async (_what, bytes, status) => {
      const answer = await rawExchange(port, bytes);
      expect(answer.slice(0, 12)).toBe(`HTTP/1.1 ${status}`);
      expect(answer).toMatch(/\r\ncontent-security-policy: default-src 'none'/i);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe(10026);
    },
  );

  it('a byte range the file cannot give is 416 with the error envelope, not a 500', async () => {
    const r = await rawGet(port, '/api/docs/static/index.css', { range: 'bytes=99999999-' });
    expect([r.status, JSON.parse(r.body).error.code]).toEqual([416, 10026]);
  });
});
