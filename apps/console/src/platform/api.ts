import { ApiFailure, failureFromResponse, failureFromThrown } from '@venue-voice/client';

/** Every console call lives under this path (console-contract.md); the session cookie is scoped to it. */
export const CONSOLE_API = '/api/v1/console';

type Query = Record<string, string | number | undefined | null>;

/** `?a=1&b=2` from the values that are set, or ''. */
export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address of a console call, for links the browser opens itself (QR files, PDF sheets). */
export const apiUrl = (path: string, query?: Query) => `${CONSOLE_API}${path}${queryString(query)}`;

/** Headers a call adds to the console's own (a draft's revision, decision 0266). */
type ExtraHeaders = Record<string, string>;

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Query,
  headers: ExtraHeaders = {},
): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...headers },
  };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let response: Response;
  try {
    // Same origin: the browser sends the Origin header on every state change, which the server checks.
    response = await fetch(apiUrl(path, query), init);
  } catch (error) {
    throw failureFromThrown(error);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!response.ok) {
    const failure = failureFromResponse(response.status, parsed);
    const retryAfter = Number(response.headers.get('retry-after'));
    throw Number.isFinite(retryAfter) && retryAfter > 0 && failure.detail?.retryAfterSeconds === undefined
      ? new ApiFailure({
          status: failure.status,
          message: failure.message,
          code: failure.code,
          detail: { ...failure.detail, retryAfterSeconds: retryAfter },
          previous: failure.previous,
          ui: failure.ui,
        })
      : failure;
  }
  return (parsed as { data: T } | null)?.data as T;
}

/** The console's calls: each answers the body's `data`, or throws an ApiFailure (code, detail, status). */
export const api = {
  get: <T>(path: string, query?: Query) => call<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown, headers?: ExtraHeaders) =>
    call<T>('POST', path, body ?? {}, undefined, headers),
  patch: <T>(path: string, body: unknown) => call<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown, headers?: ExtraHeaders) =>
    call<T>('PUT', path, body, undefined, headers),
  delete: <T>(path: string, headers?: ExtraHeaders) => call<T>('DELETE', path, undefined, undefined, headers),
};
