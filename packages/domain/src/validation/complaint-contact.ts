/**
 * G5.25 The checkout of a guest who complained (checkout mode COMPLAINED, G4.79; decision 0178): may
 * the venue contact them about it? "Yes" needs a way to reach them (an email or a phone number, each
 * passing its rule) and the privacy policy accepted; "No" is recorded without any detail; no answer
 * sends nothing. Parses to the supplement payload of survey.submit, or null.
 */
import { z } from 'zod';
import { CONTACT_NAME_MAX } from '../constants';
import type { SupplementPayload } from '../schemas/submit';
import { validateEmail } from './email';
import { validatePrivacyAccepted } from './guest-fields';
import { validatePhone } from './phone';
import { isBlank, maxChars } from './shared';
import { collectErrors, type FieldErrors, invalid, type ValidationError } from './types';
import { addFieldIssues, textInput } from './zod';

/** The fields a complaint contact asks for: a name to ask for and two ways to reach the guest. */
export const COMPLAINT_CONTACT_FIELDS = ['name', 'email', 'phone'] as const;
export type ComplaintContactField = (typeof COMPLAINT_CONTACT_FIELDS)[number];
export type ComplaintContactFormField = ComplaintContactField | 'privacyAccepted';

export type ComplaintContactInput = Partial<Record<ComplaintContactField, string>> & {
  /** The guest's answer to "may we contact you about it?": yes, no, or not answered (undefined). */
  contactAllowed?: boolean;
  privacyAccepted?: boolean;
};

const textOf = (values: ComplaintContactInput, field: ComplaintContactField): string =>
  (values[field] ?? '').trim();

const given = (value: string, check: (text: string) => ValidationError | null) =>
  isBlank(value) ? null : check(value);

/** G5.25 A contact the venue can use: an email or a phone number given (not blank). */
export const canReachGuest = (contact: { email?: string | undefined; phone?: string | undefined }): boolean =>
  !isBlank(contact.email) || !isBlank(contact.phone);

/**
 * G5.25 Per-field errors. Only "yes" asks anything: each given field passes its rule (name G5.13,
 * email G5.6–G5.8, phone G5.23), an email or a phone is given (else both show form.required), and the
 * privacy policy is accepted (G5.19).
 */
export function validateComplaintContact(
  values: ComplaintContactInput,
): FieldErrors<ComplaintContactFormField> {
  if (values.contactAllowed !== true) return {};
  const email = textOf(values, 'email');
  const phone = textOf(values, 'phone');
  const unreachable = canReachGuest({ email, phone }) ? null : invalid('form.required');
  return collectErrors({
    name: given(textOf(values, 'name'), maxChars(CONTACT_NAME_MAX)),
    email: given(email, validateEmail) ?? unreachable,
    phone: given(phone, validatePhone) ?? unreachable,
    privacyAccepted: validatePrivacyAccepted(values.privacyAccepted === true),
  });
}

/** G5.25 The supplement: yes with the trimmed details given, no alone, nothing without an answer. */
export function complaintSupplement(values: ComplaintContactInput): SupplementPayload | null {
  if (values.contactAllowed === undefined) return null;
  if (!values.contactAllowed) return { complaintContact: false };
  const contact: Partial<Record<ComplaintContactField, string>> = {};
  for (const field of COMPLAINT_CONTACT_FIELDS) {
    const text = textOf(values, field);
    if (text !== '') contact[field] = text;
  }
  return { complaintContact: true, contact };
}

/** zod schema of the form (react-hook-form's resolver); parses to `complaintSupplement`'s payload. */
export const complaintContactSchema = () =>
  z
    .object({
      name: textInput,
      email: textInput,
      phone: textInput,
      contactAllowed: z.boolean().optional(),
      privacyAccepted: z.boolean({ error: 'form.privacyRequired' }).optional(),
    })
    .superRefine((values, ctx) => addFieldIssues(ctx, validateComplaintContact(values)))
    .transform((values) => complaintSupplement(values));
