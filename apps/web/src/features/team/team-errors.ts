import { ErrorCodes, type TeamMemberField } from '@venue-voice/domain';
import type { TFunction } from 'i18next';
import { failureCode } from '../../platform/api-failure';
import { i18n } from '../../platform/i18n';

const FIELDS: readonly TeamMemberField[] = ['displayName', 'fullName', 'pinCode', 'weight'];

type FieldEntry = { field?: unknown; message?: unknown; params?: object };

const fieldEntries = (error: unknown): FieldEntry[] => {
  if (failureCode(error) !== ErrorCodes.FORM_VALIDATION) return [];
  const fields = (error as { detail?: { fields?: unknown } } | null)?.detail?.fields;
  return Array.isArray(fields) ? fields : [];
};
const fieldName = (entry: FieldEntry) =>
  String(entry.field ?? '')
    .split('.')
    .pop() as TeamMemberField;

/** The per-field texts of a 10025 answer (detail.fields[].field names the body field, message a key). */
export function serverFieldErrors(
  error: unknown,
  t: TFunction<'team'>,
): Partial<Record<TeamMemberField, string>> {
  const errors: Partial<Record<TeamMemberField, string>> = {};
  for (const entry of fieldEntries(error)) {
    const name = fieldName(entry);
    if (FIELDS.includes(name) && typeof entry.message === 'string') {
      errors[name] = t(entry.message, { ns: 'translation', ...entry.params });
    }
  }
  return errors;
}

/**
 * The text of a failed team call: no connection, lost settings access, a 10025 about no form field,
 * the server's message meant for the screen, or generic.
 */
export function teamFailureText(error: unknown, t: TFunction<'team'>): string {
  const failure = error as { ui?: unknown; message?: unknown; status?: unknown } | null;
  if (failure?.status === 0 || !navigator.onLine) return t('errors.offline');
  // 10032: the signed-in member's PIN no longer opens settings (another manager changed them meanwhile).
  if (failureCode(error) === ErrorCodes.INVALID_PIN) return t('errors.noManager');
  // A 10025 about no form field (the last member who can open settings, D5.17): its own message.
  const other = fieldEntries(error).find((entry) => !FIELDS.includes(fieldName(entry)));
  if (other && typeof other.message === 'string' && i18n.exists(other.message, { ns: 'translation' })) {
    return t(other.message, { ns: 'translation', ...other.params });
  }
  if (failure?.ui === true && typeof failure.message === 'string') return failure.message;
  return t('errors.failed');
}
