/** G5.24 The demographic answers of the create payload: a postcode field holds a postcode. */
import { DEMOGRAPHIC_VALUE_MAX, POSTCODE_MAX } from '../constants';
import { DemographicType } from '../enums';
import type { DemographicsSection } from '../schemas/demographics';
import type { CreatePayload } from '../schemas/submit';
import { maxChars } from './shared';
import type { FieldFault } from './types';

type DemographicField = Pick<DemographicsSection['fields'][number], 'id' | 'type'>;

/** G5.24 How long a demographic field's answer may be: POSTCODE_MAX for a postcode, else the payload's limit. */
export const demographicValueMax = (field: Pick<DemographicField, 'type'>): number =>
  field.type === DemographicType.POSTCODE ? POSTCODE_MAX : DEMOGRAPHIC_VALUE_MAX;

/**
 * G5.24 The demographic answers that break their field's limit, as `payload.demographics.<i>.value`
 * faults (G5.13's form.maxChars with the count). An id the venue's fields do not name is not judged
 * here: the payload schema already limits it, and a tablet may send answers to a field since removed.
 */
export function demographicFaults(
  fields: readonly DemographicField[],
  demographics: CreatePayload['demographics'],
): FieldFault[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return (demographics ?? []).flatMap(({ id, value }, index) => {
    const field = byId.get(id);
    const fault = field ? maxChars(demographicValueMax(field))(value) : null;
    if (!fault) return [];
    return [
      {
        field: `payload.demographics.${index}.value`,
        in: 'body' as const,
        message: fault.key,
        params: fault.params,
      },
    ];
  });
}
