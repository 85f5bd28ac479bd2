/** Email address rule of guest-flow.md §5 (G5.6–G5.8). */
import {
  EMAIL_LABEL_MAX,
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  EMAIL_MIN,
  EMAIL_TLD_MAX,
  EMAIL_TLD_MIN,
} from '../constants';
import { charCount, isBlank } from './shared';
import { invalid, type ValidationError } from './types';
import { fieldSchema } from './zod';

// Local part: dot-separated atoms of the characters RFC 5322 allows unquoted (no leading, trailing or
// double dots). Quoted local parts are left out: no venue guest types one, and mail tools mangle them.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A DNS label: letters, digits and inner hyphens.
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;
const TOP_LEVEL = new RegExp(`^[A-Za-z]{${EMAIL_TLD_MIN},${EMAIL_TLD_MAX}}$`);

/** True when the text is a plausible address within the spec's limits (not checked: that it exists). */
export const isEmail = (value: string): boolean => {
  const length = charCount(value);
  if (length < EMAIL_MIN || length > EMAIL_MAX) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  return (
    at > 0 &&
    local.length <= EMAIL_LOCAL_MAX &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => label.length <= EMAIL_LABEL_MAX && LABEL.test(label)) &&
    TOP_LEVEL.test(topLevel)
  );
};

/** Email field: required; too long gives form.maxChars with the limit, any other fault form.email. */
export const validateEmail = (value: string): ValidationError | null => {
  if (isBlank(value)) return invalid('form.required');
  if (charCount(value) > EMAIL_MAX) return invalid('form.maxChars', { count: EMAIL_MAX });
  return isEmail(value) ? null : invalid('form.email');
};

/** zod schema of a required email field. */
export const emailSchema = fieldSchema(validateEmail);
