/**
 * The shared form messages of G5/D5 as small checks. Every form rule in this folder is built from these,
 * so a message (and its params) means the same thing wherever it appears.
 * Params: form.minChars/form.maxChars carry `count` (i18next pluralises on it); form.minValue/form.maxValue
 * carry `n`.
 */
import { type Check, invalid, type ValidationError } from './types';

// ASCII only: PINs, keys and ids are compared byte for byte by the server, so no full-width digits.
const DIGITS = /^[0-9]*$/;
const ALPHA_DASH = /^[A-Za-z0-9_-]*$/;
const ALPHA_NUM_LOWER = /^[a-z0-9]*$/;

/** Length as a person counts characters: code points, so an emoji or accented letter counts once. */
export const charCount = (value: string): number => Array.from(value).length;

/** True for null, undefined, '' and whitespace-only text. */
export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

/** form.required: the value must contain something other than whitespace. */
export const required: Check = (value) => (isBlank(value) ? invalid('form.required') : null);

/** form.minChars: at least `count` characters. */
export const minChars =
  (count: number): Check =>
  (value) =>
    charCount(value) < count ? invalid('form.minChars', { count }) : null;

/** form.maxChars: at most `count` characters. */
export const maxChars =
  (count: number): Check =>
  (value) =>
    charCount(value) > count ? invalid('form.maxChars', { count }) : null;

/**
 * Unicode's bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069),
 * the LRM/RLM marks (U+200E, U+200F) and the Arabic letter mark (U+061C). Typed into a name they turn
 * the text around it on every screen that shows it ("Trojan Source"); no name needs them.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** form.textDirection: no bidirectional control characters (BIDI_CONTROL). */
export const noBidiControls: Check = (value) =>
  BIDI_CONTROL.test(value) ? invalid('form.textDirection') : null;

/** form.numeric: digits 0-9 only (no sign, point or spaces). */
export const numeric: Check = (value) => (DIGITS.test(value) ? null : invalid('form.numeric'));

/** form.alphaDash: letters, digits, dashes and underscores only. */
export const alphaDash: Check = (value) => (ALPHA_DASH.test(value) ? null : invalid('form.alphaDash'));

/** form.alphaNumLower: lowercase letters a-z and digits only. */
export const alphaNumLower: Check = (value) =>
  ALPHA_NUM_LOWER.test(value) ? null : invalid('form.alphaNumLower');

/** form.match: exactly equal to the other field's value. */
export const matches =
  (other: string): Check =>
  (value) =>
    value === other ? null : invalid('form.match');

/** form.minValue: a numeric text whose value is at least n (non-numeric text is left to `numeric`). */
export const minValue =
  (n: number): Check =>
  (value) =>
    Number(value) < n ? invalid('form.minValue', { n }) : null;

/** form.maxValue: a numeric text whose value is at most n (non-numeric text is left to `numeric`). */
export const maxValue =
  (n: number): Check =>
  (value) =>
    Number(value) > n ? invalid('form.maxValue', { n }) : null;

/** Runs checks in order and returns the first failure, so a field shows one message at a time. */
export const firstError = (value: string, checks: readonly Check[]): ValidationError | null => {
  for (const check of checks) {
    const error = check(value);
    if (error) return error;
  }
  return null;
};

/** Wraps a check for an optional field: blank passes, anything else must pass the check. */
export const optional =
  (check: Check): Check =>
  (value) =>
    isBlank(value) ? null : check(value);
