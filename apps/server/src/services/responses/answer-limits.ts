import {
  AppError,
  type CreatePayload,
  demographicFaults,
  demographicFieldsOf,
  ErrorCodes,
  postcodeAnswerFaults,
  type Question,
  type Survey,
} from '@venue-voice/domain';
import type { Db } from '../../db/connection';
import { findCompanySections } from '../../queries/config';

/**
 * The limits the guest's form keeps that the payload schema cannot know (they depend on the survey and
 * the company's config): a postcode comment (G5.21) and a demographic postcode (G5.24) of at most 10
 * characters. Refused with 10009, the code of every other invalid create value. The fields are those
 * the guest was shown (O15.34): the answered version's own, else the company's, which are read only when
 * the payload has demographic answers (most creates do not).
 */
export async function assertAnswerLimits(
  db: Db,
  companyId: number,
  answered: { survey: Survey; questions: readonly Question[] },
  payload: CreatePayload,
): Promise<void> {
  const faults = postcodeAnswerFaults(answered.questions, payload.answers.questions);
  if (payload.demographics && payload.demographics.length > 0) {
    const company = answered.survey.demographics
      ? undefined
      : (await findCompanySections(db, companyId)).demographics;
    faults.push(...demographicFaults(demographicFieldsOf(answered.survey, company), payload.demographics));
  }
  if (faults.length === 0) return;
  throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message: `Answers over their limit: ${faults.map((fault) => fault.field).join(', ')}`,
    detail: { fields: faults },
  });
}
