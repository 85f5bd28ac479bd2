import { CONTACT_FIELDS, type ContactField, type CreatePayload, MessageKey } from '@venue-voice/domain';
import { formFieldFailures } from '../../platform/api-failure';

/** One field the server refused, with the domain's message key for it. */
export interface FieldFault {
  field: ContactField;
  key: MessageKey;
}

const isContactField = (name: string): name is ContactField =>
  (CONTACT_FIELDS as readonly string[]).includes(name);
const isMessageKey = (value: unknown): value is MessageKey =>
  typeof value === 'string' && (MessageKey as readonly string[]).includes(value);

/** The contact fields a 10025 answer refused (decision 0022), so each shows on its field; [] otherwise. */
export function contactFieldFaults(error: unknown): FieldFault[] {
  return formFieldFailures(error).flatMap(({ field, message }) =>
    isContactField(field) && isMessageKey(message) ? [{ field, key: message }] : [],
  );
}

/**
 * A create the server refused for its bot-protection token (10025 naming `headers.x-bot-token`, decision
 * 0200): the token may have been missing because Google's script failed this once, so the guest gets a
 * retry, which asks for a new token, instead of a dead end.
 */
export const isBotCheckRefusal = (error: unknown): boolean =>
  formFieldFailures(error).some(({ field }) => field === 'x-bot-token');

/**
 * The create without its receipt, for a guest whose receipt a response already rates (409 10031,
 * decision 0174): no transaction reference and no transaction, everything else as answered. The guid
 * stays: the refused create stored nothing under it, and a retry of this one must be the same response.
 */
export function withoutReceipt(payload: CreatePayload): CreatePayload {
  const { transaction: _receipt, ...rest } = payload;
  return { ...rest, pinCode: '' };
}
