import type { MessageKey } from '../messages';

/** A validation failure as data: a message-catalogue key plus the values its text interpolates. */
export type ValidationError = { key: MessageKey; params?: Record<string, string | number> };

/**
 * One entry of an API answer's `detail.fields` (10025, 10032): the field, where it was sent, and the
 * catalogue key the client translates with its values. Typed by MessageKey, so a server message
 * without a text in every locale does not compile.
 */
export type FieldFault = {
  field: string;
  in: 'body' | 'path' | 'query' | 'headers';
  message: MessageKey;
  params?: Record<string, string | number>;
};

/** One small rule over a text value: null when it passes. */
export type Check = (value: string) => ValidationError | null;

/** At most one error per field; a field that passes is absent. An empty object means the form is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, ValidationError>>;

/** An expected outcome that may fail, with the failure as a value instead of an exception. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ValidationError };

/** Builds a ValidationError (params left out when there are none). */
export const invalid = (key: MessageKey, params?: ValidationError['params']): ValidationError =>
  params === undefined ? { key } : { key, params };

/** Keeps only the fields that failed, so `Object.keys(errors).length === 0` means valid. */
export const collectErrors = <K extends string>(
  checked: Record<K, ValidationError | null>,
): FieldErrors<K> => {
  const errors: FieldErrors<K> = {};
  for (const field of Object.keys(checked) as K[]) {
    const error = checked[field];
    if (error) errors[field] = error;
  }
  return errors;
};

/** True when no field failed. */
export const isValid = (errors: FieldErrors<string>): boolean => Object.keys(errors).length === 0;
