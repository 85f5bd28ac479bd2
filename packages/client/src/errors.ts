import {
  ERRORS,
  type ErrorCode,
  ErrorCodes,
  type errorEnvelopeSchema,
  isErrorCode,
} from '@venue-voice/domain';
import type { z } from 'zod';

type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Shown when the server's message is not meant for the person at the screen (G8 `ui` rule). */
export const GENERIC_API_MESSAGE = ERRORS[ErrorCodes.INTERNAL].message;

/**
 * A failed call, normalised to { status, message, code, detail, previous } (G8, D8).
 * `status` is 0 when no HTTP answer arrived; `previous` keeps what went wrong underneath.
 */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly detail: Record<string, unknown> | null;
  readonly previous: unknown;
  /** True when the message came from the server and is meant for the person at the screen. */
  readonly ui: boolean;
  /** True when sending the same request again may succeed (network failure or a retryable code). */
  readonly retryable: boolean;

  constructor(init: {
    status: number;
    message: string;
    code: ErrorCode | null;
    detail?: Record<string, unknown> | null;
    previous?: unknown;
    ui?: boolean;
  }) {
    super(init.message);
    this.name = 'ApiFailure';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? null;
    this.previous = init.previous;
    this.ui = init.ui ?? false;
    this.retryable =
      init.status === 0 || (init.code !== null && ERRORS[init.code].retryable) || init.status >= 500;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Turns a non-2xx answer into an ApiFailure: the server's message only when its `ui` flag is true. */
export const failureFromResponse = (status: number, body: unknown): ApiFailure => {
  const envelope = readErrorEnvelope(body);
  if (!envelope) return new ApiFailure({ status, message: GENERIC_API_MESSAGE, code: null, previous: body });
  const { code, message, detail, ui } = envelope.error;
  return new ApiFailure({
    status,
    message: ui ? message : GENERIC_API_MESSAGE,
    code: isErrorCode(code) ? code : null,
    detail,
    previous: envelope,
    ui,
  });
};

/** A failure that never reached the API (offline, DNS, CORS, aborted): the raw message is shown. */
export const failureFromThrown = (error: unknown): ApiFailure => {
  if (error instanceof ApiFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiFailure({ status: 0, message, code: null, previous: error });
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The domain's `errorEnvelopeSchema` checked by hand, with the same result (unknown keys dropped), so a
 * failure can be read without zod, which stays off the first guest screen (decision 0078). A test
 * checks that both agree.
 */
export const readErrorEnvelope = (body: unknown): ErrorEnvelope | null => {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, detail, ui } = body.error;
  if (typeof code !== 'number' || !Number.isSafeInteger(code)) return null;
  if (typeof message !== 'string' || typeof ui !== 'boolean') return null;
  if (detail !== null && !isRecord(detail)) return null;
  return { error: { code, message, detail: detail === null ? null : { ...detail }, ui } };
};
