/** Single-field rules of the guest flow and the device forms (G5.2, G5.19–G5.21, D5.16, D5.18–D5.20). */
import { PHOTO_MAX_BYTES, POSTCODE_MAX, SEARCH_MIN_CHARS, TABLE_NUMBER_MAX_DIGITS } from '../constants';
import type { Question } from '../schemas/question';
import type { Answers } from '../schemas/submit';
import { charCount, isBlank, maxChars } from './shared';
import { type FieldFault, invalid, type ValidationError } from './types';
import { fieldSchema } from './zod';

const WHOLE_NUMBER = /^[0-9]+$/;

/** Table number: a whole number (surrounding spaces ignored), else checkin.tableNumberRequired. */
export const validateTableNumber = (value: string): ValidationError | null =>
  WHOLE_NUMBER.test(value.trim()) ? null : invalid('checkin.tableNumberRequired');

/**
 * G5.26: a whole number with more than TABLE_NUMBER_MAX_DIGITS digits, leading zeros aside, is no
 * table: the lookup answers INVALID-PIN-LENGTH in table wording (decision 0175). Only for a value G5.2
 * passes.
 */
export const isTableNumberTooLong = (value: string): boolean =>
  value.trim().replace(/^0+(?=\d)/, '').length > TABLE_NUMBER_MAX_DIGITS;

/** zod schema of the table-number form (pure: a screen that needs only the check leaves zod out). */
export const tableNumberSchema = /* @__PURE__ */ fieldSchema(validateTableNumber);

/** Postcode comment: at most POSTCODE_MAX characters (empty is allowed: the question is optional). */
export const validatePostcodeComment = maxChars(POSTCODE_MAX);

/**
 * G5.21 for a create payload: the answers to postcode comment questions that are longer than
 * POSTCODE_MAX, as `payload.answers.questions.<i>.answer.text` faults (the server refuses what the form
 * refuses). Answers to questions the survey does not have are not judged here.
 */
export function postcodeAnswerFaults(
  questions: readonly Pick<Question, 'id' | 'commentMode'>[],
  answers: Answers['questions'],
): FieldFault[] {
  const postcodes = new Set(questions.filter((q) => q.commentMode === 'postcode').map((q) => q.id));
  return answers.flatMap(({ id, answer }, index) => {
    const fault = postcodes.has(id) ? validatePostcodeComment(answer.text ?? '') : null;
    if (!fault) return [];
    const field = `payload.answers.questions.${index}.answer.text`;
    return [{ field, in: 'body' as const, message: fault.key, params: fault.params }];
  });
}

/**
 * Photo upload: a file of PHOTO_MAX_BYTES or more is rejected (upload.tooLarge, `n` = the limit in
 * bytes; the UI formats it with BYTE_FORMAT_BASE). See RULES.md G5.20 for why "at" is rejected.
 */
export const validatePhotoSize = (bytes: number): ValidationError | null =>
  bytes >= PHOTO_MAX_BYTES ? invalid('upload.tooLarge', { n: PHOTO_MAX_BYTES }) : null;

/** Privacy policy checkbox: must be ticked to continue. */
export const validatePrivacyAccepted = (accepted: boolean): ValidationError | null =>
  accepted ? null : invalid('form.privacyRequired');

/** Menu and product search: SEARCH_MIN_CHARS or more characters after trimming, else no search runs. */
export const validateSearchTerm = (term: string): ValidationError | null =>
  charCount(term.trim()) < SEARCH_MIN_CHARS
    ? invalid('menu.moreCharactersRequired', { count: SEARCH_MIN_CHARS })
    : null;

/** Survey search: any text besides spaces. */
export const validateSurveySearch = (text: string): ValidationError | null =>
  isBlank(text) ? invalid('form.required') : null;
