import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDayMonth, validateDayMonthYear, validatePastDate } from './dates';
import { validateEmail } from './email';
import {
  alphaDash,
  alphaNumLower,
  charCount,
  firstError,
  matches,
  maxChars,
  maxValue,
  minChars,
  minValue,
  numeric,
  optional,
  required,
} from './shared';

describe('shared form messages', () => {
  it.each([
    ['', 'form.required'],
    ['   ', 'form.required'],
    ['\t\n', 'form.required'],
    ['a', null],
    [' a ', null],
  ])('G5.12 required: %j gives %s', (value, key) => {
    expect(required(value)?.key ?? null).toBe(key);
  });

  it.each([
    ['ab', { key: 'form.minChars', params: { count: 3 } }],
    ['abc', null],
    ['abcd', null],
    ['', { key: 'form.minChars', params: { count: 3 } }],
  ])('G5.13 minChars(3): %j', (value, expected) => {
    expect(minChars(3)(value)).toEqual(expected);
  });

  it.each([
    ['abcd', null],
    ['abcde', null],
    ['abcdef', { key: 'form.maxChars', params: { count: 5 } }],
  ])('G5.13 maxChars(5): %j', (value, expected) => {
    expect(maxChars(5)(value)).toEqual(expected);
  });

  it('G5.13 characters are counted as code points (an emoji counts once)', () => {
    expect(charCount('😀é')).toBe(2);
    expect(maxChars(2)('😀😀')).toBeNull();
    expect(maxChars(1)('😀😀')?.key).toBe('form.maxChars');
  });

  it.each([
    ['0123456789', null],
    ['', null],
    ['12a', 'form.numeric'],
    ['-1', 'form.numeric'],
    ['1.5', 'form.numeric'],
    [' 12', 'form.numeric'],
    ['１２', 'form.numeric'],
  ])('G5.14 numeric: %j gives %s', (value, key) => {
    expect(numeric(value)?.key ?? null).toBe(key);
  });

  it.each([
    ['abc-DEF_123', null],
    ['a b', 'form.alphaDash'],
    ['a.b', 'form.alphaDash'],
    ['ä', 'form.alphaDash'],
  ])('G5.15 alphaDash: %j gives %s', (value, key) => {
    expect(alphaDash(value)?.key ?? null).toBe(key);
  });

  it.each([
    ['abc123', null],
    ['Abc', 'form.alphaNumLower'],
    ['ab-c', 'form.alphaNumLower'],
    ['ab c', 'form.alphaNumLower'],
  ])('G5.16 alphaNumLower: %j gives %s', (value, key) => {
    expect(alphaNumLower(value)?.key ?? null).toBe(key);
  });

  it.each([
    ['1234', '1234', null],
    ['1234', '1235', 'form.match'],
    ['1234 ', '1234', 'form.match'],
  ])('G5.17 match: %j against %j gives %s', (value, other, key) => {
    expect(matches(other)(value)?.key ?? null).toBe(key);
  });

  it.each([
    ['9', { key: 'form.minValue', params: { n: 10 } }],
    ['10', null],
    ['11', null],
  ])('G5.18 minValue(10): %j', (value, expected) => {
    expect(minValue(10)(value)).toEqual(expected);
  });

  it.each([
    ['99', null],
    ['100', null],
    ['101', { key: 'form.maxValue', params: { n: 100 } }],
  ])('G5.18 maxValue(100): %j', (value, expected) => {
    expect(maxValue(100)(value)).toEqual(expected);
  });

  it('G5.12 firstError reports only the first failing check, in order', () => {
    expect(firstError('', [required, numeric])?.key).toBe('form.required');
    expect(firstError('x', [required, numeric, maxChars(0)])?.key).toBe('form.numeric');
    expect(firstError('1', [required, numeric])).toBeNull();
  });

  it('G5.12 optional skips a blank value and checks anything else', () => {
    expect(optional(numeric)('  ')).toBeNull();
    expect(optional(numeric)('x')?.key).toBe('form.numeric');
  });

  it('G5.13 property: minChars and maxChars split every length at the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 20 }), fc.nat(20), (value, limit) => {
        expect(minChars(limit)(value) === null).toBe(value.length >= limit);
        expect(maxChars(limit)(value) === null).toBe(value.length <= limit);
      }),
    );
  });

  const now = new Date(Date.UTC(2025, 0, 15, 12));
  it.each([
    ['required', () => required(' '), 'form.required'],
    ['min characters', () => minChars(2)('a'), 'form.minChars'],
    ['max characters', () => maxChars(1)('ab'), 'form.maxChars'],
    ['numeric only', () => numeric('a'), 'form.numeric'],
    ['valid email', () => validateEmail('guest@venue'), 'form.email'],
    ['alphanumeric with dashes and underscores', () => alphaDash('a b'), 'form.alphaDash'],
    ['alphanumeric lowercase', () => alphaNumLower('A'), 'form.alphaNumLower'],
    ['DD/MM', () => validateDayMonth('31/02'), 'form.dayMonth'],
    ['DD/MM/YYYY', () => validateDayMonthYear('31/02/2024'), 'form.dayMonthYear'],
    ['future date not allowed', () => validatePastDate('16/01/2025', now, 'UTC'), 'form.futureDate'],
    ['match', () => matches('a')('b'), 'form.match'],
    ['minimum value n', () => minValue(1)('0'), 'form.minValue'],
  ])('D5.21 the device forms share the message "%s"', (_, run, key) => {
    expect(run()?.key).toBe(key);
  });
});
