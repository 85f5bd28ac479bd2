import { CONTACT_FIELDS, type ContactField, ErrorCodes, MessageKey } from '@venue-voice/domain';
import { failureCode } from '../../platform/api-failure';

/** One field the server refused, with the domain's message key for it. */
export interface FieldFault {
  field: ContactField;
  key: MessageKey;
}

const isContactField = (name: string): name is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(name);
const isMessageKey = (value: unknown): value is MessageKey =>
  typeof value === 'string' && (MessageKey as readonly string[]).includes(value);

/**
 * The per-field faults of a 10025 answer (`detail.fields[]` of `{ field: 'payload.contact.email',
 * message: 'form.email' }`, decision 0022), so each shows on its field; [] for any other failure.
 */
export function contactFieldFaults(error: unknown): FieldFault[] {
  if (failureCode(error) !== ErrorCodes.FORM_VALIDATION) return [];
  const detail = (error as { detail?: { fields?: unknown } }).detail;
  if (!Array.isArray(detail?.fields)) return [];
  return detail.fields.flatMap((entry: { field?: unknown; message?: unknown }) => {
    const name = typeof entry?.field === 'string' ? (entry.field.split('.').pop() ?? '') : '';
    return isContactField(name) && isMessageKey(entry.message) ? [{ field: name, key: entry.message }] : [];
  });
}

/** G8: the server's message only when it is meant for the guest. */
export function guestMessage(error: unknown): string | null {
  const failure = error as { ui?: unknown; message?: unknown } | null;
  return failure?.ui === true && typeof failure.message === 'string' ? failure.message : null;
}
