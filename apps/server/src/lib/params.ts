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

/** The largest id a row can have (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;
/**
 * An id as written in a path: decimal digits, no sign, point, exponent, space or leading zero, so one
 * member or photo has one address (`0x10`, `1e3`, `+1`, `1.0`, ` 1`, `01` name none; issue 27).
 */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id a canonical path segment names, or null. */
export function parseCanonicalId(raw: string): number | null {
  if (!CANONICAL_ID.test(raw)) return null;
  const value = Number(raw);
  return value <= MAX_ID ? value : null;
}

/** A path's `{id}`: a canonical positive decimal integer (parseCanonicalId); anything else is 10009. */
export const idPathParam = () =>
  z
    .string()
    .regex(CANONICAL_ID, 'Expected a positive whole number in decimal digits, without leading zeros')
    .transform(Number)
    .pipe(z.number().int().max(MAX_ID, `Expected at most ${MAX_ID}`))
    .describe('A positive whole number in decimal digits, without leading zeros');
