import type { DataCaptureSection } from '../schemas/config';
import type { DemographicField, DemographicsSection } from '../schemas/demographics';
import type { CreatePayload } from '../schemas/submit';
import type { Survey } from '../schemas/survey';
import type { FieldFault } from '../validation/types';
import type { SurveyDocument } from './document';

/**
 * O15.34 The demographic fields a guest of this survey is asked: the survey's own (decision 0261), else
 * the company's (a survey from before surveys had their own, or one set to use the company's).
 */
export const demographicFieldsOf = (
  survey: Pick<Survey, 'demographics'>,
  company: DemographicsSection | undefined,
): DemographicField[] => survey.demographics?.fields ?? company?.fields ?? [];

/**
 * O15.34 The marketing permission a guest of this survey reads: the survey's own text (translated with
 * it; blank leaves the guest app's own words), else the company's data_capture text (one language).
 */
export const marketingPermissionOf = (
  survey: Pick<Survey, 'dataCapture'>,
  company: Pick<DataCaptureSection, 'marketingPermissionText'>,
): string => survey.dataCapture.marketingPermissionText ?? company.marketingPermissionText;

const notInSurvey = (field: string): FieldFault => ({ field, in: 'body', message: 'form.notInSurvey' });

/**
 * O15.39 A create's demographic answers against the survey version's own fields: each names one of its
 * fields, and a dropdown's answer is one of that field's options in a language the version is offered in
 * (the guest was served one of them). Refused fields as `payload.demographics.<i>.id|value`. A survey
 * that asks the company's fields is judged by G5.24 alone: those change without a version, and a tablet
 * may answer a field removed since.
 */
export function demographicFitFaults(
  doc: SurveyDocument,
  demographics: CreatePayload['demographics'],
): FieldFault[] {
  const fields = doc.survey.demographics?.fields;
  if (!fields || !demographics) return [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  return demographics.flatMap(({ id, value }, index) => {
    const field = byId.get(id);
    if (!field) return [notInSurvey(`payload.demographics.${index}.id`)];
    if (field.fieldType !== 'select') return [];
    const offered = field.options.some(
      (option) =>
        option.value === value ||
        doc.languages.some(
          (lang) => doc.translations[lang]?.[`demographics.${field.id}.options.${option.id}`] === value,
        ),
    );
    return offered ? [] : [notInSurvey(`payload.demographics.${index}.value`)];
  });
}
