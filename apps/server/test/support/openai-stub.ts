import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stub answers the next requests. */
export type StubBehaviour =
  | { kind: 'ok'; text: string }
  | { kind: 'status'; status: number }
  /** Waits this long before answering (the tests' provider gives up much earlier). */
  | { kind: 'slow'; delayMs: number; text: string }
  /** A 200 with this body as is (malformed JSON, a body that is not a chat completion…). */
  | { kind: 'raw'; body: string };

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the received body loosely and assert on it.
  body: any;
}

export interface OpenAiStub {
  /** The base URL to configure, e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string;
  received: ReceivedRequest[];
  behave(next: StubBehaviour): void;
  close(): Promise<void>;
}

const completion = (text: string) =>
  JSON.stringify({
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    created: 0,
    model: 'stub-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });

/**
 * A real HTTP server on 127.0.0.1 (port 0) that answers POST /v1/chat/completions like an
 * OpenAI-compatible API and records every request it received.
 */
export async function startOpenAiStub(): Promise<OpenAiStub> {
  let behaviour: StubBehaviour = { kind: 'ok', text: 'A stub review.' };
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Kept as text: a test may assert the provider sent JSON.
      }
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      const json = { 'content-type': 'application/json' };
      const current = behaviour;
      if (current.kind === 'ok') response.writeHead(200, json).end(completion(current.text));
      else if (current.kind === 'status') {
        response.writeHead(current.status, json).end('{"error":{"message":"stub failure"}}');
      } else if (current.kind === 'raw') response.writeHead(200, json).end(current.body);
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!response.destroyed) response.writeHead(200, json).end(completion(current.text));
        }, current.delayMs);
        timers.add(timer);
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
