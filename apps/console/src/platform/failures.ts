import { ErrorCodes } from '@venue-voice/domain';

interface FailureShape {
  status?: unknown;
  code?: unknown;
  ui?: unknown;
  message?: unknown;
  detail?: Record<string, unknown> | null;
}

const shape = (error: unknown): FailureShape =>
  typeof error === 'object' && error !== null ? (error as FailureShape) : {};

export const failureStatus = (error: unknown): number | undefined => {
  const { status } = shape(error);
  return typeof status === 'number' ? status : undefined;
};

export const failureCode = (error: unknown): number | undefined => {
  const { code } = shape(error);
  return typeof code === 'number' ? code : undefined;
};

/** Not signed in (401, 10005): the session ended, or the e-mail and password did not match. */
export const isSignedOut = (error: unknown) => failureStatus(error) === 401;

/** 429: seconds until the next try is allowed (Retry-After or detail.retryAfterSeconds), else null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (failureStatus(error) !== 429) return null;
  const seconds = shape(error).detail?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 60;
}

/** One field's fault: the body field's last name and its catalogue key (with its parameters). */
export interface FieldFault {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

/**
 * The field faults of a 10025 answer in either shape the API uses: `detail.fields` as a list of
 * `{ field: 'body.email', message: 'form.email', params }` (decision 0022) or as a record
 * `{ email: 'operator.emailTaken' }` (console-contract.md).
 */
export function fieldFaults(error: unknown): FieldFault[] {
  if (
    failureCode(error) !== ErrorCodes.FORM_VALIDATION &&
    failureCode(error) !== ErrorCodes.PARAMETER_VALUE_INVALID
  )
    return [];
  const fields = shape(error).detail?.fields;
  if (Array.isArray(fields)) {
    return fields.flatMap((entry: { field?: unknown; message?: unknown; params?: unknown } | null) => {
      if (typeof entry?.message !== 'string') return [];
      const field = typeof entry.field === 'string' ? (entry.field.split('.').pop() ?? '') : '';
      const params =
        typeof entry.params === 'object' && entry.params !== null
          ? (entry.params as Record<string, unknown>)
          : undefined;
      return [{ field, key: entry.message, ...(params ? { params } : {}) }];
    });
  }
  if (typeof fields === 'object' && fields !== null) {
    return Object.entries(fields).flatMap(([field, key]) =>
      typeof key === 'string' ? [{ field, key }] : [],
    );
  }
  return [];
}

/** The server's message when it is meant for the person at the screen (`ui: true`), else null. */
export function screenMessage(error: unknown): string | null {
  const { ui, message } = shape(error);
  return ui === true && typeof message === 'string' ? message : null;
}
