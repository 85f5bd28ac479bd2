import { z } from 'zod';

/** Query values arrive as text; an empty value (`?a=`) counts as not given. */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Control characters (NUL above all: PostgreSQL text cannot hold it) are never valid in a parameter. */
export const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u;

/** A text value of at most `max` characters with no control characters. */
export const plainText = (max: number) =>
  z.string().max(max).regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed');

/** An optional text parameter of at most `max` characters. */
export const textParam = (max: number) => z.preprocess(emptyToUndefined, plainText(max).optional());

/** An optional integer parameter within [min, max]; text that is not an integer is invalid (10009). */
export const intParam = (min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^-?\d{1,12}$/, 'Expected an integer')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );

/** An optional decimal number within [min, max] (coordinates). */
export const decimalParam = (min: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^-?\d{1,3}(\.\d{1,15})?$/, 'Expected a decimal number')
      .transform(Number)
      .pipe(z.number().min(min).max(max))
      .optional(),
  );

/** An optional boolean flag: true/1 or false/0. */
export const flagParam = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  );

/** Splits a comma-joined list, trimming entries and dropping empty ones. */
export const splitList = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
