import { isReservedSegment, PinType } from '@venue-voice/domain';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are guessable secrets (a receipt PIN, a table or check number). */
const SECRET_QUERY = new Set(['pin', 'tableid', 'checkid']);
/** The console's till-checks search (decision 0260): its `q` may be a receipt PIN, a table or a check id. */
const TILL_CHECKS_PATH = '/api/v1/console/transactions';
const TILL_CHECKS_SECRET_QUERY = new Set([...SECRET_QUERY, 'q']);
const REDACTED = '[redacted]';

const PIN_WORDS = new Set<string>(Object.values(PinType));

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * A guest's address as it may be logged: `/<slug>/<pin>` and `/<slug>/pin|pve/<value>` (G2) carry a
 * receipt PIN or PVE reference, so every segment after the slug is cut, the pin/pve word kept (issue
 * 27). The API, the app's files and its screens (reserved first segments) keep their paths.
 */
function loggablePath(path: string): string {
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return path;
  const [, first = '', ...rest] = path.split('/');
  if (rest.length === 0 || isReservedSegment(decoded(first))) return path;
  const cut = rest.map((s) => (s === '' || PIN_WORDS.has(decoded(s).trim().toLowerCase()) ? s : REDACTED));
  return ['', first, ...cut].join('/');
}

/**
 * A URL as it may be logged: a guest address's PIN (loggablePath) and the values of secret query
 * parameters replaced, and a photo URL's key
 * (the capability that serves the photo, decision 0030) cut off. The path and other parameters stay,
 * so a log still tells which call was made.
 */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = loggablePath(path)
    .replace(/^(\/api\/v1\/uploads\/(?:photos|staff)\/[^/]+\/)[^/]+$/, `$1${REDACTED}`)
    // A console one-time link's token is the credential that sets a password (decision 0205): in the
    // API's path and in the console screen's address the mail links to.
    .replace(/^(\/api\/v1\/console\/links\/|\/console\/link\/)[^/]+/, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const secret = path === TILL_CHECKS_PATH ? TILL_CHECKS_SECRET_QUERY : SECRET_QUERY;
  const params = query.split('&').map((pair) => {
    const [key = '', value] = pair.split(/=(.*)/s, 2);
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // A malformed escape is logged as sent; only its value matters here.
    }
    return value !== undefined && secret.has(name.trim().toLowerCase()) ? `${key}=${REDACTED}` : pair;
  });
  return `${safePath}?${params.join('&')}`;
}

/** Fastify's own request serializer, with the URL made loggable. */
function request(req: FastifyRequest) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * A failed database query's error carries its parameters (contact details, PINs) in `params` and at the
 * end of its message ("Failed query: … params: …"): both are left out of the log, the query text stays.
 */
export function loggableError(error: Error): LoggedError {
  const cut = (text: string | undefined) =>
    (text ?? '').replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]');
  const { params: _params, cause, ...rest } = error as Error & { params?: unknown; cause?: unknown };
  return {
    ...rest,
    type: error.name,
    message: cut(error.message),
    stack: cut(error.stack),
    ...(cause === undefined ? {} : { cause: cause instanceof Error ? loggableError(cause) : cause }),
  };
}

type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The API's logger options (docs/decisions/0136): credentials in headers are never logged (Fastify
 * logs no headers by default; `redact` keeps it so if a route logs the request's headers), secret
 * query values, photo keys and console link tokens are cut from URLs, failed queries lose their parameters.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: request, err: loggableError },
    redact: {
      paths: [
        // Any object's headers one level down: req, and @fastify/multipart's trace of busboyOptions.
        '*.headers.authorization',
        '*.headers["x-response-secret"]',
        '*.headers["x-staff-pin"]',
        '*.headers["x-bot-token"]',
        '*.headers.cookie',
        '*.headers["set-cookie"]',
        'headers.authorization',
        'headers["x-response-secret"]',
        'headers["x-staff-pin"]',
        'headers["x-bot-token"]',
        'headers.cookie',
        'headers["set-cookie"]',
        'body.pass',
        'body.password',
        'body.currentPassword',
        'body.configuration.settingsPasscode',
        'token',
        'secret',
      ],
      censor: REDACTED,
    },
  };
}
