import type { TFunction } from 'i18next';
import { type FieldFault, fieldFaults } from '../platform/failures';
import { i18n } from '../platform/i18n';

/** A catalogue key's text (the domain's keys, translated in src/locales); an unknown key reads "not valid". */
export function faultText(fault: Pick<FieldFault, 'key' | 'params'>, t: TFunction): string {
  return i18n.exists(fault.key) ? t(fault.key, fault.params) : t('form.invalid');
}

/**
 * A 10025 answer's field faults as the form's errors, for the fields the form has; answers the faults of
 * other fields (shown above the form), which are [] for any other failure.
 */
export function applyFieldFaults(
  error: unknown,
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
  t: TFunction,
): FieldFault[] {
  const rest: FieldFault[] = [];
  for (const fault of fieldFaults(error)) {
    if (fields.includes(fault.field)) setFieldError(fault.field, faultText(fault, t));
    else rest.push(fault);
  }
  return rest;
}

/**
 * A domain check's faults (the setup rules, O3.x: `{ field: 'branding.primaryColour', key, params }`) as a
 * form's errors by the field's last name; {} when the check passed. The server runs the same check.
 */
export function checkErrors(
  result: { ok: true } | { ok: false; faults: readonly FieldFaultInput[] },
  t: TFunction,
): Record<string, string> {
  if (result.ok) return {};
  return Object.fromEntries(
    result.faults.map((fault) => [fault.field.split('.').pop() ?? fault.field, faultText(fault, t)]),
  );
}

interface FieldFaultInput {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}
