import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REQUEST_TIMEOUT_DEFAULT_MS } from '../../src/config';
import { checkingInterval, serverTimeouts } from '../../src/plugins/client-errors';
import { databases } from '../databases';
import { type Harness, startHarness, web } from '../harness';
import { create, createPayload } from '../submit-fixtures';
import { multipart, photoParts, responseHeaders, UPSERT } from '../upload-helpers';

// How connections are read is Node's and Fastify's business, not the database's: PGlite is enough.
const [pglite] = databases();
/** The deadline under test: short, so the file runs in seconds; main.ts uses REQUEST_TIMEOUT_MS. */
const DEADLINE_MS = 2000;
/** Longest a trickling connection is watched: far past the deadline, so "never closed" fails the test. */
const GIVE_UP_MS = DEADLINE_MS * 6;

interface Trickle {
  /** Everything the server wrote back. */
  answer: string;
  /** The server closed the connection (false: still open when the test gave up). */
  closedByServer: boolean;
}

/**
 * A raw connection that sends `head` and the first `start` body bytes at once, then one byte of `rest`
 * every `everyMs` (a slow loris on the body), until the server closes it or GIVE_UP_MS pass.
 */
function trickle(port: number, head: string, start: Buffer, rest: Buffer, everyMs: number): Promise<Trickle> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => finish(false), GIVE_UP_MS);
    const finish = (closedByServer: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closedByServer });
    };
    socket.on('connect', () => {
      socket.write(head);
      socket.write(start);
      timer = setInterval(() => {
        if (sent < rest.length && socket.writable) socket.write(rest.subarray(sent, ++sent));
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server's answer is still the server closing; anything else is the test's fault.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

const requestHead = (path: string, headers: Record<string, string>, length: number) =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');

/** The JSON of an answer written by the server on a raw connection. */
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('a body trickled in is cut at the request deadline (408, connection closed; decision 0192)', () => {
  let h: Harness;
  let port: number;
  const logLines: { level: number; msg: string; code?: string }[] = [];

  beforeAll(async () => {
    if (!pglite) throw new Error('no PGlite target');
    h = await startHarness(pglite, {
      deps: () => ({
        config: { logLevel: 'info', requestTimeoutMs: DEADLINE_MS },
        logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
      }),
    });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await h?.close();
  });

  const openConnections = () =>
    new Promise<number>((resolve, reject) =>
      h.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );

  /** A survey.submit create whose JSON arrives one byte every `everyMs`. */
  const slowCreate = (everyMs: number) => {
    const json = Buffer.from(JSON.stringify({ type: 'create', payload: createPayload() }));
    return trickle(
      port,
      requestHead('/api/v1/survey/submit', { ...web(), 'Content-Type': 'application/json' }, json.length),
      json.subarray(0, 10),
      json.subarray(10),
      everyMs,
    );
  };

  it('a JSON create sent a byte every 200 ms gets 408 10026 and its connection is closed', async () => {
    const result = await slowCreate(200);
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(result.answer).error.code).toBe(10026);
    expect(bodyOf(result.answer).error.detail).toEqual({ reason: 'ERR_HTTP_REQUEST_TIMEOUT' });
  });

  it('a multipart photo whose image part trickles in gets 408 and its connection is closed', async () => {
    const made = await create(h.app, createPayload());
    expect(made.status).toBe(200);
    const body = multipart(photoParts(Buffer.alloc(5000, 0xff)));
    const result = await trickle(
      port,
      requestHead(
        UPSERT,
        { ...responseHeaders(made.body.data), 'Content-Type': body.contentType },
        body.payload.length,
      ),
      body.payload.subarray(0, 300),
      body.payload.subarray(300),
      100,
    );
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('20 trickling connections at once: every one answered 408, none left open after the deadline', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => slowCreate(100 + i * 20)));
    expect(results.filter((r) => r.closedByServer)).toHaveLength(20);
    expect(results.filter((r) => /^HTTP\/1\.1 408 /.test(r.answer))).toHaveLength(20);
    expect(await openConnections()).toBe(0);
  });

  it('a timeout is logged at info as such, never as a fault of ours (no error line)', () => {
    expect(logLines.filter((l) => l.code === 'ERR_HTTP_REQUEST_TIMEOUT').length).toBeGreaterThanOrEqual(22);
    expect(logLines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([]);
  });

  it('a slow body that arrives whole before the deadline is served as usual', async () => {
    const json = Buffer.from(JSON.stringify({ type: 'create', payload: createPayload() }));
    // In 5 pieces 100 ms apart, a fifth of the deadline: a slow phone, not a trickle.
    const answer = await sendInPieces(port, json, Math.ceil(json.length / 5));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyOf(answer).data.secret).toEqual(expect.any(String));
  });

  it('the deadline is 300 s by default, checked a tenth of it apart (at most 5 s), never longer for the body than for the headers', () => {
    expect(checkingInterval(2000)).toBe(200);
    expect(checkingInterval(300_000)).toBe(5000);
    // A headers deadline over the request's would be swapped with it by Node: the body would get 60 s.
    expect(serverTimeouts(2000)).toMatchObject({ requestTimeout: 2000, headersTimeout: 2000 });
    expect(serverTimeouts(REQUEST_TIMEOUT_DEFAULT_MS)).toMatchObject({ headersTimeout: 60_000 });
    expect(loadConfig({}).requestTimeoutMs).toBe(300_000);
  });
});

/** Sends a create's JSON in pieces 100 ms apart on a new connection; answers what the server wrote. */
function sendInPieces(port: number, json: Buffer, piece: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('connect', async () => {
      socket.write(
        requestHead(
          '/api/v1/survey/submit',
          { ...web(), 'Content-Type': 'application/json', Connection: 'close' },
          json.length,
        ),
      );
      for (let at = 0; at < json.length; at += piece) {
        socket.write(json.subarray(at, at + piece));
        await new Promise((wait) => setTimeout(wait, 100));
      }
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}
