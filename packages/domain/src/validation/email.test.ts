import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_LABEL_MAX,
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  EMAIL_MIN,
  EMAIL_TLD_MAX,
  EMAIL_TLD_MIN,
} from '../constants';
import { emailSchema, isEmail, validateEmail } from './email';

/** An address of exactly `length` characters: local part, then 63-character labels, then ".com". */
const emailOfLength = (length: number): string => {
  const local = 'a'.repeat(Math.min(EMAIL_LOCAL_MAX, length - 6));
  let domain = 'com';
  while (local.length + 1 + domain.length < length) {
    const room = length - (local.length + 1 + domain.length) - 1;
    domain = `${'b'.repeat(Math.min(EMAIL_LABEL_MAX, Math.max(1, room)))}.${domain}`;
  }
  return `${local}@${domain}`;
};

describe('email', () => {
  it('G5.6 the length helper builds addresses of the asked length', () => {
    for (const n of [EMAIL_MIN + 2, 100, EMAIL_MAX, EMAIL_MAX + 1]) expect(emailOfLength(n)).toHaveLength(n);
  });

  it.each([
    ['', { key: 'form.required' }],
    ['   ', { key: 'form.required' }],
    ['a@b.c', { key: 'form.email' }],
    ['a@b.co', null],
    [emailOfLength(EMAIL_MAX - 1), null],
    [emailOfLength(EMAIL_MAX), null],
    [emailOfLength(EMAIL_MAX + 1), { key: 'form.maxChars', params: { count: EMAIL_MAX } }],
  ])('G5.6 email: 6 to 254 characters (%j)', (value, expected) => {
    expect(validateEmail(value)).toEqual(expected);
  });

  it('G5.6 the shortest valid address is exactly the minimum length', () => {
    expect('a@b.co').toHaveLength(EMAIL_MIN);
    expect(isEmail('a@b.co')).toBe(true);
  });

  it.each([
    [`${'a'.repeat(EMAIL_LOCAL_MAX - 1)}@venue.co.uk`, true],
    [`${'a'.repeat(EMAIL_LOCAL_MAX)}@venue.co.uk`, true],
    [`${'a'.repeat(EMAIL_LOCAL_MAX + 1)}@venue.co.uk`, false],
    ['@venue.co.uk', false],
    ['first.last+tag@venue.co.uk', true],
    ["o'brien@venue.ie", true],
    ['.first@venue.com', false],
    ['first.@venue.com', false],
    ['fir..st@venue.com', false],
    ['a b@venue.com', false],
    ['a@b@venue.com', false],
    [' a@venue.com', false],
    ['a@venue.com ', false],
  ])('G5.7 email local part is 1 to 64 characters (%j)', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it.each([
    [`a@${'b'.repeat(EMAIL_LABEL_MAX - 1)}.com`, true],
    [`a@${'b'.repeat(EMAIL_LABEL_MAX)}.com`, true],
    [`a@${'b'.repeat(EMAIL_LABEL_MAX + 1)}.com`, false],
    [`a@b.${'c'.repeat(EMAIL_TLD_MIN - 1)}`, false],
    [`a@b.${'c'.repeat(EMAIL_TLD_MIN)}`, true],
    [`a@b.${'c'.repeat(EMAIL_TLD_MAX)}`, true],
    [`a@b.${'c'.repeat(EMAIL_TLD_MAX + 1)}`, false],
    ['a@b.c0m', false],
    ['a@localhost', false],
    ['a@-venue.com', false],
    ['a@venue-.com', false],
    ['a@my-venue.co.uk', true],
    ['a@venue..com', false],
    ['a@venue.com.', false],
    ['a@xn--80ak6aa92e.com', true],
  ])('G5.8 email domain labels up to 63, top level 2 to 63 letters (%j)', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it('G5.6 the email schema carries the same keys', () => {
    expect(emailSchema.parse('guest@venue.co.uk')).toBe('guest@venue.co.uk');
    expect(emailSchema.safeParse('guest@venue').error?.issues[0]?.message).toBe('form.email');
  });

  // At most 4 atoms of 10 (43 characters), so the generator stays inside the 64-character local part.
  const atom = fc.stringMatching(/^[a-z0-9!#$%&'*+/=?^_`{|}~-]{1,10}$/);
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
  const topLevel = fc.stringMatching(/^[a-z]{2,12}$/);
  const generatedEmail = fc
    .tuple(
      fc.array(atom, { minLength: 1, maxLength: 4 }),
      fc.array(label, { minLength: 1, maxLength: 4 }),
      topLevel,
    )
    .map(([atoms, labels, tld]) => `${atoms.join('.')}@${[...labels, tld].join('.')}`);

  it('G5.6 G5.7 G5.8 property: every generated well-formed address passes', () => {
    fc.assert(
      fc.property(generatedEmail, (email) => {
        expect(validateEmail(email)).toBeNull();
      }),
    );
  });

  it('G5.6 property: any string over 254 characters fails', () => {
    fc.assert(
      fc.property(fc.string({ minLength: EMAIL_MAX + 1, maxLength: EMAIL_MAX + 40 }), (value) => {
        expect(isEmail(value)).toBe(false);
        expect(validateEmail(value)).not.toBeNull();
      }),
    );
  });
});
