import { ERRORS, type ErrorCode, ErrorCodes } from '@venue-voice/domain';

/**
 * Reading failures thrown by the API client (`ApiFailure { status, code, … }`). Checked by shape
 * rather than class so fakes in tests and failures from other copies of the client behave the same.
 */
interface FailureShape {
  status?: unknown;
  code?: unknown;
  ui?: unknown;
  message?: unknown;
  detail?: { fields?: unknown } | null;
}

export function failureCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as FailureShape;
  return typeof code === 'number' ? code : undefined;
}

export function failureStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status } = error as FailureShape;
  return typeof status === 'number' ? status : undefined;
}

/**
 * A refusal for too many failed tries (429, 10021; decision 0051): the whole minutes until the next try
 * is allowed, from the answer's `detail.retryAfterSeconds` (at least 1); null for any other failure.
 */
export function retryAfterMinutes(error: unknown): number | null {
  if (failureStatus(error) !== 429 || failureCode(error) !== ErrorCodes.SERVICE_UNAVAILABLE) return null;
  const seconds = (error as { detail?: { retryAfterSeconds?: unknown } | null }).detail?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds / 60)) : 1;
}

/** A transaction a response already rates (409 10031): at the lookup or the submit (decision 0174). */
export const isReceiptUsed = (error: unknown): boolean =>
  failureCode(error) === ErrorCodes.TRANSACTION_PIN_ALREADY_USED;

/** G8: the server's message when it is meant for the screen (`ui: true`), else null. */
export function guestMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { ui, message } = error as FailureShape;
  return ui === true && typeof message === 'string' ? message : null;
}

/**
 * G8: the text a failure may show as it is: the server's message meant for the screen, or the raw
 * message of a call that never reached the API (status 0: offline, DNS); else null.
 */
export function failureMessage(error: unknown): string | null {
  const guest = guestMessage(error);
  if (guest !== null || failureStatus(error) !== 0) return guest;
  const { message } = error as FailureShape;
  return typeof message === 'string' ? message : null;
}

/** One entry of a 10025 answer's `detail.fields`: the body field's last name and its message key. */
export interface FieldFailure {
  /** `payload.contact.email` → `email`; '' when the entry names none. */
  field: string;
  message: string;
  params?: object;
}

/**
 * The per-field faults of a 10025 answer (`detail.fields[]` of `{ field: 'payload.contact.email',
 * message: 'form.email' }`, decision 0022); [] for any other failure. Entries without a text are left out.
 */
export function formFieldFailures(error: unknown): FieldFailure[] {
  if (failureCode(error) !== ErrorCodes.FORM_VALIDATION) return [];
  const fields = (error as FailureShape).detail?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: { field?: unknown; message?: unknown; params?: unknown } | null) => {
    if (typeof entry?.message !== 'string') return [];
    const field = typeof entry.field === 'string' ? (entry.field.split('.').pop() ?? '') : '';
    const params = typeof entry.params === 'object' && entry.params !== null ? entry.params : undefined;
    return [{ field, message: entry.message, ...(params ? { params } : {}) }];
  });
}

// An unknown slug answers 10013; a slug whose company or branch is gone answers 10011 or 10012.
// All three mean the address leads nowhere (G8: badSlug, and a missing branch match also leads to 404).
const UNKNOWN_SLUG_CODES: readonly number[] = [
  ErrorCodes.INVALID_TEMPLATE_REFERENCE,
  ErrorCodes.INVALID_BRANCH_REFERENCE,
  ErrorCodes.INVALID_COMPANY_REFERENCE,
];

export function isUnknownSlug(error: unknown): boolean {
  const code = failureCode(error);
  return code !== undefined && UNKNOWN_SLUG_CODES.includes(code);
}

/**
 * Whether asking again could help: network failures (no status) and the codes the domain marks as
 * retryable. A 4xx answer will not change on a retry.
 */
export function isRetryable(error: unknown): boolean {
  const code = failureCode(error);
  if (code !== undefined && code in ERRORS) return ERRORS[code as ErrorCode].retryable;
  const status = failureStatus(error);
  return status === undefined || status === 0 || status >= 500 || status === 429;
}
