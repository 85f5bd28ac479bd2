import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databases } from './databases';
import * as corpus from './fixtures/images/generate';
import { type Credentials, responseHeaders, startUploadHarness, type UploadHarness } from './upload-helpers';

const [pglite] = databases();

/**
 * Sends a multipart upload whose image part never ends (up to `max` bytes) over a real socket, and
 * reports the answer and how much the client managed to send before the server answered.
 */
function endlessUpload(baseUrl: string, headers: Record<string, string>, max: number) {
  return new Promise<{ status: number; body: string; sent: number; closing: boolean }>((resolve, reject) => {
    const boundary = 'endless';
    const req = httpRequest(`${baseUrl}/api/v1/survey/upload/upsert`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent, closing: res.headers.connection === 'close' });
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n`);
    req.write(Buffer.from([0xff, 0xd8, 0xff]));
    const pump = () => {
      while (!answered && sent < max) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('an oversized upload over a real socket', () => {
  let h: UploadHarness;
  let baseUrl: string;
  let guest: Credentials;
  beforeAll(async () => {
    if (!pglite) throw new Error('no database target');
    h = await startUploadHarness(pglite);
    guest = await h.newResponse();
    baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // fetch keeps connections alive; one whose response finished a tick after close() began would
    // otherwise hold the server open for the keep-alive timeout.
    h?.app.server.closeAllConnections();
    await h?.close();
  });

  it('is answered 413 10027 before the client has sent it all, and the server stops reading', async () => {
    const max = 200_000_000;
    const r = await endlessUpload(baseUrl, responseHeaders(guest), max);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.code).toBe(10027);
    // The server stopped after 10,000,000 bytes; socket buffers hold a few MB more at most.
    expect(r.sent).toBeLessThan(max / 4);
    // And says it closes the connection rather than draining a body it will never read.
    expect(r.closing).toBe(true);
  });

  it('a browser-style FormData upload (json as a Blob, image as a File) is 200 and keeps the connection', async () => {
    const form = new FormData();
    form.append('json', new Blob([JSON.stringify({ kind: 'photo' })], { type: 'application/json' }));
    form.append('image', new Blob([await corpus.jpegWithGps()], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const r = await fetch(`${baseUrl}/api/v1/survey/upload/upsert`, {
      method: 'POST',
      headers: responseHeaders(guest),
      body: form,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('connection')).not.toBe('close');
    const { data } = await r.json();
    expect(data).toMatchObject({ width: 48, height: 64 });
    const image = await fetch(`${baseUrl}${data.imageUrl}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('a client that keeps its socket open after the 413 is cut off by the server', async () => {
    const url = new URL(baseUrl);
    // The server's side of the connection, matched by port (listening before connecting, so it is seen).
    let clientPort = -1;
    const accepted: Socket[] = [];
    const collect = (s: Socket) => accepted.push(s);
    h.app.server.on('connection', collect);
    // allowHalfOpen: the client never ends its side, even after the server's FIN.
    const socket = connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true });
    await new Promise((resolve) => socket.once('connect', resolve));
    clientPort = socket.localPort ?? -1;
    await vi.waitFor(() => expect(accepted.some((s) => s.remotePort === clientPort)).toBe(true));
    h.app.server.off('connection', collect);
    const server = accepted.find((s) => s.remotePort === clientPort) as Socket;
    const head = [
      'POST /api/v1/survey/upload/upsert HTTP/1.1',
      `Host: ${url.host}`,
      'Content-Type: multipart/form-data; boundary=b',
      'Content-Length: 50000000',
      ...Object.entries(responseHeaders(guest)).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', () => {});
    socket.write(
      `${head}\r\n\r\n--b\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n`,
    );
    const serverClosed = new Promise<void>((resolve) => server.once('close', () => resolve()));
    // 11 MB, then silence: the client neither finishes the body nor closes.
    const chunk = Buffer.alloc(1_000_000, 0x41);
    // Queued without waiting for drain: the server stops reading at the limit, so drain may never come.
    for (let i = 0; i < 11; i++) socket.write(chunk);
    await vi.waitFor(() => expect(answer).toContain('HTTP/1.1 413'), { timeout: 20_000 });
    expect(answer.toLowerCase()).toContain('connection: close');
    await serverClosed;
    expect(server.destroyed).toBe(true);
    socket.destroy();
  });
});
