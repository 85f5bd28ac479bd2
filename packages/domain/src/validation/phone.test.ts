import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_PHONE_MAX } from '../constants';
import { validatePhone } from './phone';

describe('G5.23 a phone number is numbers only, written as people write them', () => {
  it.each([
    ['07700 900123', null],
    ['+44 7700 900123', null],
    ['(0161) 496-0000', null],
    ['0161.496.0000', null],
    ['02079460000', null],
    ['0'.repeat(CONTACT_PHONE_MAX), null],
    ['0'.repeat(CONTACT_PHONE_MAX + 1), { key: 'form.maxChars', params: { count: CONTACT_PHONE_MAX } }],
    ['call me', { key: 'form.numeric' }],
    ['07700 9OO123', { key: 'form.numeric' }],
    ['0770090012a', { key: 'form.numeric' }],
    ['++44 7700 900123', { key: 'form.numeric' }],
    ['44+7700', { key: 'form.numeric' }],
    ['+', { key: 'form.numeric' }],
    ['()-', { key: 'form.numeric' }],
    ['07700 900123 ext 4', { key: 'form.numeric' }],
    // Full-width digits look like numbers but are not ASCII (G5.14).
    ['０７７００', { key: 'form.numeric' }],
  ] as const)('%s', (value, expected) => {
    expect(validatePhone(value)).toEqual(expected);
  });

  it('G5.23 any text with a letter in it is refused (property)', () => {
    const phoneChar = fc.constantFrom(...'0123456789 -.()+'.split(''));
    fc.assert(
      fc.property(
        fc.array(phoneChar, { maxLength: 15 }),
        fc.stringMatching(/^[A-Za-z]$/),
        fc.array(phoneChar, { maxLength: 15 }),
        (before, letter, after) => {
          expect(validatePhone([...before, letter, ...after].join(''))).not.toBeNull();
        },
      ),
    );
  });
});
