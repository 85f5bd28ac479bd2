import { CONTACT_NAME_MAX, CONTACT_PHONE_MAX, type ContactField, EMAIL_MAX } from '@venue-voice/domain';
import type { ComponentProps } from 'react';

/**
 * How each contact field is typed and autofilled, in both contact forms (data capture, complaint
 * contact); the lengths are the supplement schema's (never a maxChars).
 */
export const CONTACT_INPUTS: Record<ContactField, ComponentProps<'input'>> = {
  name: { type: 'text', autoComplete: 'name', maxLength: CONTACT_NAME_MAX },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: EMAIL_MAX },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: CONTACT_PHONE_MAX },
  // No numeric keypad for dates: phone keypads have no '/'.
  birthday: { type: 'text', autoComplete: 'bday', maxLength: 10 },
  anniversary: { type: 'text', autoComplete: 'off', maxLength: 5 },
};

export interface ContactInputProps extends Omit<ComponentProps<'input'>, 'id' | 'className'> {
  id: string;
  label: string;
  /** The expected format (DD/MM/YYYY), shown under the label and read with the field. */
  hint?: string;
  /** The error text, shown under the field and read with it. */
  error?: string;
}

/**
 * One labelled one-line field of the contact form. Unlike the design system's TextArea it is
 * uncontrolled (react-hook-form registers it) and takes the input type, autofill token and error.
 */
export function ContactInput({ id, label, hint, error, ...input }: ContactInputProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="contact__error">
          {error}
        </p>
      )}
    </div>
  );
}
