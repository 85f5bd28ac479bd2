import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its path, headers and body as sent, and what it answered. */
export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port><path>`: one endpoint per path. */
  url(path?: string): string;
  received: ReceivedHook[];
  /** How it answers the next request (default 204); `delayMs` holds the answer that long. */
  answer(decide: (hook: Omit<ReceivedHook, 'status'>) => number | Promise<number>): void;
  /** Stops listening (connections refused) until `up()`, on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1 (port 0), as a customer's endpoint would be: it records every
 * request and answers what `answer` decides. Down means the port refuses connections.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let decide: (hook: Omit<ReceivedHook, 'status'>) => number | Promise<number> = () => 204;
  let port = 0;
  let server: Server | null = null;

  const listen = async () => {
    const next = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const hook = {
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        const status = await decide(hook);
        received.push({ ...hook, status });
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status >= 400 ? 'receiver says no' : '');
      });
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    server = null;
    if (!current) return;
    current.closeAllConnections();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await listen();
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer(next) {
      decide = next;
    },
    down: stop,
    up: listen,
    close: stop,
  };
}

/**
 * The Standard Webhooks check written from the spec, independent of the `standardwebhooks` package the
 * server signs with: HMAC-SHA256 keyed with the base64 after `whsec_`, over `${id}.${timestamp}.${body}`,
 * compared with each `v1,<base64>` of the signature header. Answers why it fails, or null.
 */
export function verifyStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  now: Date,
  toleranceSeconds = 300,
): string | null {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') {
    return 'missing headers';
  }
  if (!/^\d+$/.test(timestamp)) return 'timestamp is not whole seconds';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds)
    return 'timestamp out of tolerance';
  if (!secret.startsWith('whsec_')) return 'secret without whsec_';
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const match = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? null : 'no matching signature';
}
