import { ErrorCodes } from '@venue-voice/domain';
import type { z } from 'zod';
import { CALLS, type CallName } from './calls';
import { ApiFailure, failureFromResponse, failureFromThrown } from './errors';
import { buildHeaders, type CallHeaders, type Credentials } from './headers';
import type { Schemas } from './schemas';

let schemasLoading: Promise<Schemas> | null = null;

/**
 * The client's schemas (and zod with them), imported on the first call that needs them: they stay off
 * the first guest screen (decision 0078). A failed import is forgotten so the next call tries again.
 */
export const loadSchemas = (): Promise<Schemas> => {
  schemasLoading ??= import('./schemas').then(
    (module) => module.schemas,
    (error: unknown) => {
      schemasLoading = null;
      throw error;
    },
  );
  return schemasLoading;
};

/** How `data` is checked: a schema picked from the lazily loaded schemas. */
export interface AnswerParser<T> {
  schema: (schemas: Schemas) => z.ZodType<T>;
}

export const invalidAnswer = (status: number, issues: string[], previous: unknown) =>
  new ApiFailure({
    status,
    message: 'There was a problem with the server response',
    code: ErrorCodes.INVALID_RESPONSE_FORMAT,
    detail: { issues: issues.slice(0, 5) },
    previous,
  });

/**
 * Checks an answer's `data` with its schema; a wrong value throws the client's INVALID_RESPONSE_FORMAT
 * failure with at most five issues.
 */
const parseAnswer = async <T>(
  parser: AnswerParser<T>,
  data: unknown,
  status: number,
  previous: unknown,
): Promise<T> => {
  let schemas: Schemas;
  try {
    schemas = await loadSchemas();
  } catch (error) {
    // The schemas' chunk did not arrive (offline, a new release): a network failure, retryable.
    throw failureFromThrown(error);
  }
  const parsed = parser.schema(schemas).safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw invalidAnswer(status, issues, previous);
  }
  return parsed.data;
};

export interface Transport {
  baseUrl: string;
  credentials: Credentials;
  fetch: typeof fetch;
}

export interface RequestInit<T> {
  call: CallName;
  /** Path suffix after the call's path, e.g. `/12` for `manage.staff.update/{id}`. */
  suffix?: string;
  query?: string;
  body?: unknown;
  headers?: CallHeaders;
  /** How `data` is checked, so callers get checked, typed values. */
  parse: AnswerParser<T>;
  signal?: AbortSignal;
}

/** Sends one call and answers the Response; a request that never got an answer throws an ApiFailure. */
export const send = async <T>(
  transport: Transport,
  init: RequestInit<T>,
  extraHeaders: Record<string, string> = {},
): Promise<Response> => {
  const { method, path } = CALLS[init.call];
  // The schemas load while the request is on its way (a no-op once they are here).
  loadSchemas().catch(() => undefined);
  const headers = { ...buildHeaders(transport.credentials, init.headers), ...extraHeaders };
  const hasBody = init.body !== undefined;
  // Multipart bodies (uploads) set their own Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
  try {
    // No time-out: both specs §7 say API calls have none (API_TIMEOUT 0); callers may pass a signal.
    return await transport.fetch(`${transport.baseUrl}${path}${init.suffix ?? ''}${init.query ?? ''}`, {
      method,
      headers,
      credentials: 'include',
      body: !hasBody ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    throw failureFromThrown(error);
  }
};

/** A 2xx answer's `data` parsed by the schema; any other status throws the normalised ApiFailure. */
export const dataOf = async <T>(response: Response, parse: AnswerParser<T>): Promise<T> => {
  const body = await readJson(response);
  if (!response.ok) throw failureFromResponse(response.status, body);
  return parseAnswer(parse, (body as { data?: unknown } | null)?.data, response.status, body);
};

/** Sends one call; answers `data` parsed by the schema, or throws a normalised ApiFailure. */
export const request = async <T>(transport: Transport, init: RequestInit<T>): Promise<T> =>
  dataOf(await send(transport, init), init.parse);

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Starts loading the schemas' chunk ahead of the first call that needs it (a guest's first touch). */
export const preloadSchemas = (): void => {
  loadSchemas().catch(() => undefined);
};
