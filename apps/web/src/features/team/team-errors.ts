import { ErrorCodes, type TeamMemberField } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { failureCode, failureStatus, formFieldFailures, guestMessage } from '../../platform/api-failure';
import { i18n } from '../../platform/i18n';

const FIELDS: readonly TeamMemberField[] = ['displayName', 'fullName', 'pinCode', 'weight'];
const isFormField = (name: string): name is TeamMemberField => (FIELDS as readonly string[]).includes(name);

/** The per-field texts of a 10025 answer (detail.fields[].field names the body field, message a key). */
export function serverFieldErrors(
  error: unknown,
  t: TFunction<'team'>,
): Partial<Record<TeamMemberField, string>> {
  const errors: Partial<Record<TeamMemberField, string>> = {};
  for (const { field, message, params } of formFieldFailures(error)) {
    if (isFormField(field)) errors[field] = t(message, { ns: 'translation', ...params });
  }
  return errors;
}

/**
 * The text of a failed team call: no connection, lost settings access, a 10025 about no form field,
 * the server's message meant for the screen, or generic.
 */
export function teamFailureText(error: unknown, t: TFunction<'team'>): string {
  if (failureStatus(error) === 0 || !navigator.onLine) return t('errors.offline');
  // 10032: the signed-in member's PIN no longer opens settings (another manager changed them meanwhile).
  if (failureCode(error) === ErrorCodes.INVALID_PIN) return t('errors.noManager');
  // A 10025 about no form field (the last member who can open settings, D5.17): its own message.
  const other = formFieldFailures(error).find((entry) => !isFormField(entry.field));
  if (other && i18n.exists(other.message, { ns: 'translation' })) {
    return t(other.message, { ns: 'translation', ...other.params });
  }
  return guestMessage(error) ?? t('errors.failed');
}
