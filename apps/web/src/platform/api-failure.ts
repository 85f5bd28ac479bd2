import { ERRORS, type ErrorCode, ErrorCodes } from '@venue-voice/domain';

/**
 * Reading failures thrown by the API client (`ApiFailure { status, code, … }`). Checked by shape
 * rather than class so fakes in tests and failures from other copies of the client behave the same.
 */
interface FailureShape {
  status?: unknown;
  code?: unknown;
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
