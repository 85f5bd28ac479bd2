import type { Socket } from 'node:net';
import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { FastifyInstance } from 'fastify';
import { API_CSP } from './security-headers';

/**
 * How often Node looks for requests past their deadline. Node's default (30 s) would let a trickled
 * body live up to 30 s past the deadline; a tenth of it, at most 5 s, keeps "closed at the deadline"
 * true for a 300 s deadline and for the tests' second or so. The check walks only open connections.
 */
export const checkingInterval = (requestTimeoutMs: number): number =>
  Math.min(5000, Math.max(25, Math.floor(requestTimeoutMs / 10)));

/**
 * Node's server options for a request deadline. The headers' deadline must not exceed the request's:
 * when it does, Node swaps the two (its ConnectionsList), and a body would get the headers' 60 s.
 */
export const serverTimeouts = (requestTimeoutMs: number) => ({
  requestTimeout: requestTimeoutMs,
  headersTimeout: Math.min(60_000, requestTimeoutMs),
  connectionsCheckingInterval: checkingInterval(requestTimeoutMs),
});

const REASONS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/**
 * Fastify's clientErrorHandler: what Node could not read as a request, or did not receive whole within
 * `requestTimeout` (decision 0192), answered with the error envelope (10026) and the connection closed.
 * Nothing is written when an answer has already begun on the socket, as Node itself does.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const reason = REASONS[error.code ?? ''] ?? { status: 400, message: 'Malformed request' };
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (reason.status === 408) this.log.info({ code: error.code }, 'request not received in time: closed');
  else this.log.debug({ code: error.code }, 'unreadable request');
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(
      new AppError(ErrorCodes.MALFORMED_REQUEST, {
        message: reason.message,
        detail: { reason: error.code ?? 'clientError' },
        status: reason.status,
      }).toBody(),
    );
    socket.write(
      [
        `HTTP/1.1 ${reason.status} ${reason.status === 408 ? 'Request Timeout' : reason.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}`,
        'Connection: close',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        `Content-Security-Policy: ${API_CSP}`,
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
