/**
 * The checkout's contact-details form (guest-flow.md §5: G5.6–G5.13, G5.19, G5.23; decision 0060): every field
 * is optional, but whatever the guest gives must pass its rule, and giving anything needs the privacy
 * policy accepted. Parses to the supplement payload of survey.submit, or null when nothing is given.
 */
import { z } from 'zod';
import { CONTACT_NAME_MAX, CONTACT_PHONE_MAX } from '../constants';
import type { SupplementPayload } from '../schemas/submit';
import { validateDayMonth, validatePastDate } from './dates';
import { validateEmail } from './email';
import { validatePrivacyAccepted } from './guest-fields';
import { validatePhone } from './phone';
import { isBlank, maxChars } from './shared';
import { collectErrors, type FieldErrors, type ValidationError } from './types';
import { addFieldIssues, textInput } from './zod';

/** The contact fields the supplement payload holds (`supplementPayloadSchema.contact`). */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'birthday', 'anniversary'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export { CONTACT_NAME_MAX, CONTACT_PHONE_MAX };

export type ContactFormField = ContactField | 'privacyAccepted';
export type ContactFormInput = Partial<Record<ContactField, string>> & {
  /** The marketing permission box (sent as `permitted`). */
  permitted?: boolean;
  /** The privacy policy (and age) acceptance box. */
  privacyAccepted?: boolean;
};

/** What the rules need besides the values: `now` and the venue's zone for the birthday (G5.11). */
export interface ContactFormContext {
  now: Date;
  timeZone?: string;
}

/** Trimmed text of a field ('' when missing): a stray space from autofill is not the guest's fault. */
const textOf = (values: ContactFormInput, field: ContactField): string => (values[field] ?? '').trim();

/** True when the guest gives anything: a contact field with text, or the marketing permission. */
export const givesContactDetails = (values: ContactFormInput): boolean =>
  values.permitted === true || CONTACT_FIELDS.some((field) => textOf(values, field) !== '');

/** Runs a field's rule only when the field holds text: every contact field is optional. */
const given = (value: string, check: (text: string) => ValidationError | null) =>
  isBlank(value) ? null : check(value);

/**
 * Per-field errors. Nothing given is valid (the guest said "No thanks"); otherwise each given field
 * passes its rule (email G5.6–G5.8, phone G5.23, birthday DD/MM/YYYY not in the future G5.9/G5.11,
 * anniversary DD/MM G5.10, lengths G5.13) and the privacy policy is accepted (G5.19).
 */
export const validateContactForm = (
  values: ContactFormInput,
  context: ContactFormContext,
): FieldErrors<ContactFormField> => {
  if (!givesContactDetails(values)) return {};
  return collectErrors({
    name: given(textOf(values, 'name'), maxChars(CONTACT_NAME_MAX)),
    email: given(textOf(values, 'email'), validateEmail),
    phone: given(textOf(values, 'phone'), validatePhone),
    birthday: given(textOf(values, 'birthday'), (text) =>
      validatePastDate(text, context.now, context.timeZone),
    ),
    anniversary: given(textOf(values, 'anniversary'), validateDayMonth),
    privacyAccepted: validatePrivacyAccepted(values.privacyAccepted === true),
  });
};

/** The supplement a valid form sends: trimmed fields, blanks left out; null when nothing is given. */
export const contactSupplement = (values: ContactFormInput): SupplementPayload | null => {
  if (!givesContactDetails(values)) return null;
  const contact: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const text = textOf(values, field);
    if (text !== '') contact[field] = text;
  }
  return {
    permitted: values.permitted === true,
    ...(Object.keys(contact).length > 0 ? { contact } : {}),
  };
};

/** zod schema of the form (react-hook-form's resolver); parses to `contactSupplement`'s payload. */
export const contactFormSchema = (context: ContactFormContext) =>
  z
    .object({
      name: textInput,
      email: textInput,
      phone: textInput,
      birthday: textInput,
      anniversary: textInput,
      permitted: z.boolean({ error: 'form.required' }).optional(),
      privacyAccepted: z.boolean({ error: 'form.privacyRequired' }).optional(),
    })
    .superRefine((values, ctx) => addFieldIssues(ctx, validateContactForm(values, context)))
    .transform((values) => contactSupplement(values));
