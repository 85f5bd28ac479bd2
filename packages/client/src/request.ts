import { ErrorCodes } from '@venue-voice/domain';
import type { z } from 'zod';
import { CALLS, type CallName } from './calls';
import { ApiFailure, failureFromResponse, failureFromThrown } from './errors';
import { buildHeaders, type CallHeaders, type Credentials } from './headers';

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
  /** Schema of `data`; the answer is parsed with it so callers get checked, typed values. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

/** Sends one call; answers `data` parsed by the schema, or throws a normalised ApiFailure. */
export const request = async <T>(transport: Transport, init: RequestInit<T>): Promise<T> => {
  const { method, path } = CALLS[init.call];
  const headers = buildHeaders(transport.credentials, init.headers);
  const hasBody = init.body !== undefined;
  // Multipart bodies (uploads) set their own Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    // No time-out: both specs §7 say API calls have none (API_TIMEOUT 0); callers may pass a signal.
    response = await transport.fetch(`${transport.baseUrl}${path}${init.suffix ?? ''}${init.query ?? ''}`, {
      method,
      headers,
      credentials: 'include',
      body: !hasBody ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    throw failureFromThrown(error);
  }
  const body = await readJson(response);
  if (!response.ok) throw failureFromResponse(response.status, body);
  const parsed = (init.schema as z.ZodType<T>).safeParse((body as { data?: unknown } | null)?.data);
  if (!parsed.success) {
    throw new ApiFailure({
      status: response.status,
      message: 'There was a problem with the server response',
      code: ErrorCodes.INVALID_RESPONSE_FORMAT,
      detail: {
        issues: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      },
      previous: body,
    });
  }
  return parsed.data;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
