/**
 * API error codes of device-mode.md §8, with the HTTP status api.md assigns to each kind of fault
 * and whether a client may retry the same request unchanged.
 */
export const ErrorCodes = {
  UNKNOWN: 10000,
  INTERNAL: 10001,
  UNKNOWN_ROUTE: 10002,
  LANGUAGE_REQUIRED: 10003,
  UNSUPPORTED_LANGUAGE: 10004,
  NOT_AUTHENTICATED: 10005,
  INVALID_REQUEST_FORMAT: 10006,
  INVALID_RESPONSE_FORMAT: 10007,
  PARAMETER_MISSING: 10008,
  PARAMETER_VALUE_INVALID: 10009,
  INVALID_EDGE: 10010,
  INVALID_COMPANY_REFERENCE: 10011,
  INVALID_BRANCH_REFERENCE: 10012,
  INVALID_TEMPLATE_REFERENCE: 10013,
  RESOURCE_NOT_FOUND: 10014,
  NOT_IMPLEMENTED: 10016,
  DEVICE_ALREADY_USED: 10017,
  DEVICE_REGISTRATION_NOT_AUTHENTICATED: 10018,
  CLIENT_REQUIRED: 10019,
  CLIENT_VERSION_NOT_SUPPORTED: 10020,
  SERVICE_UNAVAILABLE: 10021,
  CLIENT_INVALID: 10022,
  INVALID_EDGE_REQUIREMENTS: 10023,
  TRANSACTION_NO_EPOS: 10024,
  FORM_VALIDATION: 10025,
  MALFORMED_REQUEST: 10026,
  UPLOAD: 10027,
  INVALID_IP_ADDRESS: 10028,
  INVALID_RESPONSE_REFERENCE: 10029,
  INVALID_DEVICE_REFERENCE: 10030,
  TRANSACTION_PIN_ALREADY_USED: 10031,
  INVALID_PIN: 10032,
  INVALID_EDGE_COUNT: 10033,
  NOT_PERMITTED: 10034,
  STALE_REVISION: 10035,
} as const;

export type ErrorName = keyof typeof ErrorCodes;
export type ErrorCode = (typeof ErrorCodes)[ErrorName];

/** Rate limiting has no code in the spec's list; it answers 429 with 10021-like retry semantics. */
export interface ErrorInfo {
  message: string;
  status: number;
  /** True when the same request may succeed if sent again later (network, load, our own fault). */
  retryable: boolean;
}

// A row names no code: ErrorCodes does (each name once in the guest's first-screen bundle).
const info = (message: string, status: number, retryable = false): ErrorInfo => ({
  message,
  status,
  retryable,
});

/** One row per code: the default message, the HTTP status and whether a retry can help. */
export const ERRORS: Record<ErrorCode, ErrorInfo> = {
  10000: info('An unknown error occurred', 500, true),
  10001: info('There was a problem with the server response', 500, true),
  10002: info('Unknown route', 404),
  10003: info('A language is required', 400),
  10004: info('The language is not supported', 400),
  10005: info('Not authenticated', 401),
  10006: info('Invalid request format', 400),
  10007: info('Invalid response format', 500, true),
  10008: info('A required parameter is missing', 400),
  10009: info('A parameter value is invalid', 400),
  10010: info('Invalid edge', 400),
  10011: info('Invalid company reference', 404),
  10012: info('Invalid branch reference', 404),
  10013: info('Invalid template reference', 404),
  10014: info('Resource not found', 404),
  10016: info('Not implemented', 501),
  10017: info('This device id is already in use', 409),
  10018: info('Device registration not authenticated', 401),
  10019: info('A client id is required', 400),
  10020: info('This client version is not supported', 400),
  10021: info('The service is unavailable, please try again shortly', 503, true),
  10022: info('The client id is invalid', 400),
  10023: info('This edge is not available here', 400),
  10024: info('This survey has no EPOS link', 400),
  10025: info('The form has errors', 400),
  10026: info('Malformed request', 400),
  10027: info('The upload could not be accepted', 413),
  10028: info('Invalid IP address', 403),
  10029: info('Invalid response reference', 401),
  10030: info('Your device may have been disabled by your administrator', 401),
  10031: info('This receipt has already been used for feedback', 409),
  10032: info('An invalid PIN was provided', 400),
  10033: info('Too many or too few edges', 400),
  // Not in api.md's list: a console operator whose role does not allow a change (decision 0203).
  10034: info('Your role does not allow this', 403),
  // Not in api.md's list: a change based on what was since changed elsewhere (decision 0266).
  10035: info('This was changed elsewhere since you loaded it', 409),
};

/** The error body every non-2xx API answer carries (api.md "Bodies"). */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; detail: Record<string, unknown> | null; ui: boolean };
}

/** An expected failure with a spec code; the server's one error handler maps it to status and body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: Record<string, unknown> | null;
  readonly ui: boolean;
  readonly status: number;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      detail?: Record<string, unknown> | null;
      ui?: boolean;
      status?: number;
    } = {},
  ) {
    const row = ERRORS[code];
    super(options.message ?? row.message);
    this.name = 'AppError';
    this.code = code;
    this.detail = options.detail ?? null;
    this.ui = options.ui ?? false;
    this.status = options.status ?? row.status;
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, detail: this.detail, ui: this.ui } };
  }
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'number' && Object.hasOwn(ERRORS, value);
