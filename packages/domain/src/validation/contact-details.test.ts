import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supplementPayloadSchema } from '../schemas/submit';
import {
  CONTACT_FIELDS,
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  type ContactFormInput,
  contactFormSchema,
  contactSupplement,
  givesContactDetails,
  validateContactForm,
} from './contact-details';
import { fieldErrorsFromIssues } from './zod';

// Noon UTC on 14 June 2025: the venue's today in London is the same day.
const context = { now: new Date('2025-06-14T12:00:00Z'), timeZone: 'Europe/London' };
const accepted: ContactFormInput = { privacyAccepted: true };

/** The error key of one field given alone (privacy accepted). */
const errorOf = (changes: ContactFormInput) => validateContactForm({ ...accepted, ...changes }, context);

describe('contact details form (checkout, decision 0060)', () => {
  it.each([
    ['G5.6 a blank form asks nothing', {}, {}],
    ['G5.6 spaces only are nothing given', { name: '   ', email: ' ' }, {}],
    ['G5.6 a valid email', { email: 'guest@example.co.uk' }, {}],
    ['G5.6 an email with surrounding spaces is trimmed first', { email: ' guest@example.com ' }, {}],
    ['G5.6 too short an email', { email: 'a@b.c' }, { email: { key: 'form.email' } }],
    [
      'G5.7 a leading dot in the local part',
      { email: '.guest@example.com' },
      { email: { key: 'form.email' } },
    ],
    ['G5.8 a one-letter top level', { email: 'guest@example.c' }, { email: { key: 'form.email' } }],
    [
      'G5.6 an email over 254 characters',
      { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com` },
      { email: { key: 'form.maxChars', params: { count: 254 } } },
    ],
    ['G5.9 a real DD/MM/YYYY birthday', { birthday: '29/02/2000' }, {}],
    [
      'G5.9 a birthday without leading zeros',
      { birthday: '1/2/1990' },
      { birthday: { key: 'form.dayMonthYear' } },
    ],
    [
      'G5.9 a birthday that does not exist',
      { birthday: '31/04/1990' },
      { birthday: { key: 'form.dayMonthYear' } },
    ],
    ['G5.11 a birthday today is allowed', { birthday: '14/06/2025' }, {}],
    [
      'G5.11 a birthday tomorrow is in the future',
      { birthday: '15/06/2025' },
      { birthday: { key: 'form.futureDate' } },
    ],
    ['G5.10 a 29/02 anniversary (checked in 1904)', { anniversary: '29/02' }, {}],
    [
      'G5.10 an anniversary with a year',
      { anniversary: '12/05/2010' },
      { anniversary: { key: 'form.dayMonth' } },
    ],
    [
      'G5.10 an anniversary that does not exist',
      { anniversary: '31/11' },
      { anniversary: { key: 'form.dayMonth' } },
    ],
    ['G5.13 a name at its limit', { name: 'n'.repeat(CONTACT_NAME_MAX) }, {}],
    [
      'G5.13 a name over its limit',
      { name: 'n'.repeat(CONTACT_NAME_MAX + 1) },
      { name: { key: 'form.maxChars', params: { count: CONTACT_NAME_MAX } } },
    ],
    [
      'G5.13 a phone number over its limit',
      { phone: '0'.repeat(CONTACT_PHONE_MAX + 1) },
      { phone: { key: 'form.maxChars', params: { count: CONTACT_PHONE_MAX } } },
    ],
    ['G5.23 a phone number as people write it', { phone: '+44 (0)7700 900-123' }, {}],
    ['G5.23 a phone number with letters', { phone: '07700 CALL ME' }, { phone: { key: 'form.numeric' } }],
  ] as const)('%s', (_name, changes, expected) => {
    expect(errorOf(changes)).toEqual(expected);
  });

  it.each([
    ['a name', { name: 'Sam' }],
    ['an email', { email: 'guest@example.com' }],
    ['the marketing permission alone', { permitted: true }],
  ])('G5.19 giving %s needs the privacy policy accepted', (_name, changes) => {
    expect(validateContactForm(changes, context)).toEqual({
      privacyAccepted: { key: 'form.privacyRequired' },
    });
    expect(validateContactForm({ ...changes, privacyAccepted: true }, context)).toEqual({});
  });

  it('G5.19 (property) a form that gives something is valid only with the privacy policy accepted', () => {
    const field = fc.constantFrom(...CONTACT_FIELDS);
    fc.assert(
      fc.property(field, fc.string({ minLength: 1, maxLength: 20 }), fc.boolean(), (name, text, privacy) => {
        const values: ContactFormInput = { [name]: `x${text}`, privacyAccepted: privacy };
        expect(givesContactDetails(values)).toBe(true);
        expect(validateContactForm(values, context).privacyAccepted === undefined).toBe(privacy);
      }),
    );
  });

  it('G5.22 (property) blank fields and no permission never give anything, whatever the privacy box', () => {
    const blank = fc.constantFrom('', ' ', '\t', '  \n ');
    fc.assert(
      fc.property(fc.array(blank, { minLength: 5, maxLength: 5 }), fc.boolean(), (texts, privacy) => {
        const values: ContactFormInput = Object.fromEntries(CONTACT_FIELDS.map((f, i) => [f, texts[i]]));
        values.privacyAccepted = privacy;
        expect(validateContactForm(values, context)).toEqual({});
        expect(contactSupplement(values)).toBeNull();
      }),
    );
  });

  it('G5.22 the supplement holds the trimmed given fields and the permission, and fits the submit schema', () => {
    const values: ContactFormInput = {
      name: ' Sam Guest ',
      email: 'sam@example.com',
      phone: '',
      birthday: '01/02/1990',
      anniversary: '  ',
      permitted: false,
      privacyAccepted: true,
    };
    const payload = contactSupplement(values);
    expect(payload).toEqual({
      permitted: false,
      contact: { name: 'Sam Guest', email: 'sam@example.com', birthday: '01/02/1990' },
    });
    expect(supplementPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('G5.13 the name and phone limits are the submit schema limits', () => {
    const contact = (name: string, phone: string) =>
      supplementPayloadSchema.safeParse({ contact: { name, phone } }).success;
    expect(contact('n'.repeat(CONTACT_NAME_MAX), '0'.repeat(CONTACT_PHONE_MAX))).toBe(true);
    expect(contact('n'.repeat(CONTACT_NAME_MAX + 1), '0')).toBe(false);
    expect(contact('n', '0'.repeat(CONTACT_PHONE_MAX + 1))).toBe(false);
  });

  it('G5.22 the zod schema reports the same field errors and parses to the supplement', () => {
    const schema = contactFormSchema(context);
    const bad = schema.safeParse({ email: 'nope', birthday: '15/06/2025' });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(fieldErrorsFromIssues(bad.error.issues)).toEqual({
        email: { key: 'form.email' },
        birthday: { key: 'form.futureDate' },
        privacyAccepted: { key: 'form.privacyRequired' },
      });
    }
    expect(schema.parse({ email: 'sam@example.com', permitted: true, privacyAccepted: true })).toEqual({
      permitted: true,
      contact: { email: 'sam@example.com' },
    });
    expect(schema.parse({ name: '', permitted: false, privacyAccepted: false })).toBeNull();
  });
});
