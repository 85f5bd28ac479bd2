import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What Google's siteverify says of a token it knows (v3). */
export interface TokenAnswer {
  score: number;
  action: string;
  hostname?: string;
}

/** How the stand-in answers, whatever the token: normally, slowly, with an error status or not JSON. */
export type StubMode =
  | { kind: 'normal' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; body: string };

export interface ReceivedForm {
  contentType: string | undefined;
  /** The form fields as sent. */
  fields: Record<string, string>;
}

export interface SiteverifyStub {
  /** e.g. http://127.0.0.1:41234/recaptcha/api/siteverify */
  url: string;
  received: ReceivedForm[];
  /** Makes `token` one the stand-in knows, with this answer (tokens are single-use at Google; not here). */
  issue(token: string, answer: TokenAnswer): void;
  mode(next: StubMode): void;
  close(): Promise<void>;
}

const PATH = '/recaptcha/api/siteverify';

/**
 * A real HTTP server on 127.0.0.1 (port 0) answering POST /recaptcha/api/siteverify as Google does: a
 * form with `secret`, `response` and `remoteip`; `success` false with Google's error codes for a wrong
 * secret or an unknown token; else success with the token's score, action, hostname and challenge time.
 */
export async function startSiteverifyStub(secret: string): Promise<SiteverifyStub> {
  const tokens = new Map<string, TokenAnswer>();
  const received: ReceivedForm[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let current: StubMode = { kind: 'normal' };

  const answerFor = (fields: Record<string, string>) => {
    if (fields.secret !== secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const known = fields.response ? tokens.get(fields.response) : undefined;
    if (!known) {
      const code = fields.response ? 'invalid-input-response' : 'missing-input-response';
      return { success: false, 'error-codes': [code] };
    }
    return {
      success: true,
      challenge_ts: '2025-06-14T18:29:00Z',
      hostname: known.hostname ?? 'localhost',
      score: known.score,
      action: known.action,
    };
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push({ contentType: request.headers['content-type'], fields });
      const send = (status: number, body: string) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body);
      };
      if (request.method !== 'POST' || request.url !== PATH) return send(404, '{}');
      const body = JSON.stringify(answerFor(fields));
      if (current.kind === 'status') return send(current.status, '{"error":"stand-in fault"}');
      if (current.kind === 'raw') return send(200, current.body);
      if (current.kind === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send(200, body);
        }, current.delayMs);
        timers.add(timer);
        return;
      }
      send(200, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    received,
    issue: (token, answer) => void tokens.set(token, answer),
    mode: (next) => {
      current = next;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
