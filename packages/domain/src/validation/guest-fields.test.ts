import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, POSTCODE_MAX, SEARCH_MIN_CHARS, TABLE_NUMBER_MAX_DIGITS } from '../constants';
import {
  isTableNumberTooLong,
  tableNumberSchema,
  validatePhotoSize,
  validatePostcodeComment,
  validatePrivacyAccepted,
  validateSearchTerm,
  validateSurveySearch,
  validateTableNumber,
} from './guest-fields';

const moreCharacters = { key: 'menu.moreCharactersRequired', params: { count: SEARCH_MIN_CHARS } };

describe('guest and device single fields', () => {
  it.each([
    ['', moreCharacters],
    ['   ', moreCharacters],
    ['a'.repeat(SEARCH_MIN_CHARS - 1), moreCharacters],
    [` ${'a'.repeat(SEARCH_MIN_CHARS - 1)} `, moreCharacters],
    ['a'.repeat(SEARCH_MIN_CHARS), null],
    ['a'.repeat(SEARCH_MIN_CHARS + 1), null],
    ['fi sh', null],
  ])('G5.1 D5.18 menu and product search needs at least 3 characters (%j)', (term, expected) => {
    expect(validateSearchTerm(term)).toEqual(expected);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['  ', { key: 'form.required' }],
    ['x', null],
  ])('D5.19 survey search needs non-empty text (%j)', (text, expected) => {
    expect(validateSurveySearch(text)).toEqual(expected);
  });

  it.each([
    ['12', null],
    ['0', null],
    [' 7 ', null],
    ['', { key: 'checkin.tableNumberRequired' }],
    ['   ', { key: 'checkin.tableNumberRequired' }],
    ['12a', { key: 'checkin.tableNumberRequired' }],
    ['1.5', { key: 'checkin.tableNumberRequired' }],
    ['-3', { key: 'checkin.tableNumberRequired' }],
    ['table 4', { key: 'checkin.tableNumberRequired' }],
  ])('G5.2 table number must be a number (%j)', (value, expected) => {
    expect(validateTableNumber(value)).toEqual(expected);
  });

  it('G5.2 the table number schema gives the same key', () => {
    expect(tableNumberSchema.safeParse('A1').error?.issues[0]?.message).toBe('checkin.tableNumberRequired');
    expect(tableNumberSchema.parse('14')).toBe('14');
  });

  it.each([
    ['0', false],
    ['12', false],
    ['9'.repeat(TABLE_NUMBER_MAX_DIGITS), false],
    [` ${'9'.repeat(TABLE_NUMBER_MAX_DIGITS)} `, false],
    ['0012', false],
    [`000${'1'.repeat(TABLE_NUMBER_MAX_DIGITS)}`, false],
    ['0000', false],
    ['1'.repeat(TABLE_NUMBER_MAX_DIGITS + 1), true],
    ['12345678901234567890', true],
  ])('G5.26 a table number has at most 4 digits, leading zeros aside (%j)', (value, expected) => {
    expect(TABLE_NUMBER_MAX_DIGITS).toBe(4);
    expect(isTableNumberTooLong(value)).toBe(expected);
  });

  it('G5.26 any whole number is too long exactly when its value reaches 10^4 (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 99_999_999 }), fc.nat({ max: 3 }), (n, zeros) => {
        expect(isTableNumberTooLong(`${'0'.repeat(zeros)}${n}`)).toBe(n >= 10 ** TABLE_NUMBER_MAX_DIGITS);
      }),
    );
  });

  it.each([
    ['', null],
    ['a'.repeat(POSTCODE_MAX - 1), null],
    ['a'.repeat(POSTCODE_MAX), null],
    ['a'.repeat(POSTCODE_MAX + 1), { key: 'form.maxChars', params: { count: POSTCODE_MAX } }],
    ['SW1A 1AA', null],
  ])('G5.21 postcode comment: at most 10 characters (%j)', (value, expected) => {
    expect(validatePostcodeComment(value)).toEqual(expected);
  });

  const tooLarge = { key: 'upload.tooLarge', params: { n: PHOTO_MAX_BYTES } };
  it.each([
    [0, null],
    [PHOTO_MAX_BYTES - 1, null],
    [PHOTO_MAX_BYTES, tooLarge],
    [PHOTO_MAX_BYTES + 1, tooLarge],
  ])('G5.20 D5.16 a photo at or above 10,000,000 bytes is rejected (%d bytes)', (bytes, expected) => {
    expect(validatePhotoSize(bytes)).toEqual(expected);
  });

  it('G5.20 D5.16 property: a photo passes exactly when it is under the limit', () => {
    fc.assert(
      fc.property(fc.nat(2 * PHOTO_MAX_BYTES), (bytes) => {
        expect(validatePhotoSize(bytes) === null).toBe(bytes < PHOTO_MAX_BYTES);
      }),
    );
  });

  it.each([
    [true, null],
    [false, { key: 'form.privacyRequired' }],
  ])('G5.19 D5.20 the privacy policy must be accepted (%s)', (accepted, expected) => {
    expect(validatePrivacyAccepted(accepted)).toEqual(expected);
  });
});
