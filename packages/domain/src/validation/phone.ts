/** G5.23 The checkout's phone number: numbers only, written as people write them. */
import { CONTACT_PHONE_MAX } from '../constants';
import { firstError, maxChars } from './shared';
import { type Check, invalid, type ValidationError } from './types';

// What people put between the digits of a number ("07700 900-123", "(0161) 496.0000"); ASCII digits only.
const SEPARATORS = /[\s\-.()]/g;
// One leading + for the country code, then digits: "+44 7700 900123".
const DIGITS_WITH_COUNTRY = /^\+?[0-9]+$/;

/** form.numeric unless the number, without its separators, is digits after an optional leading +. */
const phoneDigits: Check = (value) =>
  DIGITS_WITH_COUNTRY.test(value.replace(SEPARATORS, '')) ? null : invalid('form.numeric');

/**
 * G5.23 A phone number: at most CONTACT_PHONE_MAX characters (G5.13), and numbers only (G5.14's
 * message), allowing spaces, hyphens, dots and brackets between the digits and one leading +.
 * The caller trims and skips a blank field (every contact field is optional).
 */
export const validatePhone = (value: string): ValidationError | null =>
  firstError(value, [maxChars(CONTACT_PHONE_MAX), phoneDigits]);
