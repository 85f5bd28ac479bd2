import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supplementPayloadSchema } from '../schemas/submit';
import {
  type ComplaintContactInput,
  canReachGuest,
  complaintContactSchema,
  complaintSupplement,
  validateComplaintContact,
} from './complaint-contact';
import { fieldErrorsFromIssues } from './zod';

const yes = (changes: ComplaintContactInput): ComplaintContactInput => ({
  contactAllowed: true,
  privacyAccepted: true,
  ...changes,
});

describe('G5.25 may the venue contact a guest who complained', () => {
  it.each([
    ['no answer asks nothing', { name: 'x'.repeat(300), phone: 'letters' }, {}],
    ['no asks nothing', { contactAllowed: false, email: 'nope' }, {}],
    ['yes with an email', yes({ email: 'sam@example.com' }), {}],
    ['yes with a phone number', yes({ phone: '07700 900123' }), {}],
    [
      'yes with neither asks for one of them',
      yes({ name: 'Sam', email: ' ', phone: '' }),
      { email: { key: 'form.required' }, phone: { key: 'form.required' } },
    ],
    ['yes with a phone number with letters', yes({ phone: 'ring me' }), { phone: { key: 'form.numeric' } }],
    [
      'yes with a bad email and a good phone number',
      yes({ email: 'sam@', phone: '07700 900123' }),
      { email: { key: 'form.email' } },
    ],
    [
      'yes needs the privacy policy accepted',
      { contactAllowed: true, email: 'sam@example.com' },
      { privacyAccepted: { key: 'form.privacyRequired' } },
    ],
    [
      'yes with a name over its limit',
      yes({ name: 'n'.repeat(201), email: 'sam@example.com' }),
      { name: { key: 'form.maxChars', params: { count: 200 } } },
    ],
  ] as const)('G5.25 %s', (_name, values, expected) => {
    expect(validateComplaintContact(values)).toEqual(expected);
  });

  it('G5.25 the supplement: nothing without an answer, "no" alone, "yes" with the trimmed details', () => {
    expect(complaintSupplement({ email: 'sam@example.com' })).toBeNull();
    expect(complaintSupplement({ contactAllowed: false, email: 'sam@example.com' })).toEqual({
      complaintContact: false,
    });
    const payload = complaintSupplement(yes({ name: ' Sam ', email: '', phone: ' 07700 900123 ' }));
    expect(payload).toEqual({ complaintContact: true, contact: { name: 'Sam', phone: '07700 900123' } });
    expect(supplementPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('G5.25 (property) a valid "yes" always gives the venue a way to reach the guest', () => {
    const text = fc.oneof(fc.constant(''), fc.constant(' '), fc.constant('sam@example.com'), fc.string());
    const phone = fc.oneof(fc.constant(''), fc.constant('07700 900123'), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(text, phone, fc.boolean(), (email, number, privacy) => {
        const values = { contactAllowed: true, email, phone: number, privacyAccepted: privacy };
        if (Object.keys(validateComplaintContact(values)).length > 0) return;
        const payload = complaintSupplement(values);
        expect(payload?.complaintContact).toBe(true);
        expect(canReachGuest(payload?.contact ?? {})).toBe(true);
      }),
    );
  });

  it('G5.25 the zod schema reports the same errors and parses to the supplement', () => {
    const schema = complaintContactSchema();
    const bad = schema.safeParse({ contactAllowed: true, name: 'Sam', email: '', phone: '' });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(fieldErrorsFromIssues(bad.error.issues)).toEqual({
        email: { key: 'form.required' },
        phone: { key: 'form.required' },
        privacyAccepted: { key: 'form.privacyRequired' },
      });
    }
    expect(schema.parse({ contactAllowed: false })).toEqual({ complaintContact: false });
    expect(schema.parse({})).toBeNull();
  });
});
