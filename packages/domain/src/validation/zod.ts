/**
 * Bridges the plain validators to zod 4, so one rule serves react-hook-form (zodResolver) and the server.
 * An issue's `message` is the catalogue key and its `params` the interpolation values; the web app
 * translates the key, the server returns it.
 */
import { z } from 'zod';
import { MessageKey } from '../messages';
import type { Check, FieldErrors, ValidationError } from './types';

/** A text input that may be missing; any other type is reported as a missing value (form.required). */
export const textInput = /* @__PURE__ */ z.string({ error: 'form.required' }).optional();

/** Adds one zod issue per field error, at that field's path. */
export const addFieldIssues = (ctx: z.RefinementCtx, errors: FieldErrors<string>): void => {
  for (const [field, error] of Object.entries(errors)) {
    if (!error) continue;
    ctx.addIssue({ code: 'custom', message: error.key, params: error.params ?? {}, path: [field] });
  }
};

const isMessageKey = (value: string): value is MessageKey =>
  (MessageKey as readonly string[]).includes(value);

/** Turns one zod issue back into a ValidationError, mapping zod's built-in string-length issues too. */
export const errorFromIssue = (issue: z.core.$ZodIssue): ValidationError => {
  if (issue.code === 'custom' && isMessageKey(issue.message)) {
    const params = issue.params;
    return params && Object.keys(params).length > 0 ? { key: issue.message, params } : { key: issue.message };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return { key: 'form.minChars', params: { count: Number(issue.minimum) } };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { key: 'form.maxChars', params: { count: Number(issue.maximum) } };
  }
  // A wrong type is what a missing value looks like in JSON (null, absent, a number for a text).
  return { key: isMessageKey(issue.message) ? issue.message : 'form.required' };
};

/** Field errors from a failed safeParse, in the same shape the validate* functions return. */
export const fieldErrorsFromIssues = (issues: readonly z.core.$ZodIssue[]): FieldErrors<string> => {
  const errors: FieldErrors<string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[field] ??= errorFromIssue(issue);
  }
  return errors;
};

/** A zod string schema driven by one check, for single-field forms (staff PIN, email, table number). */
export const fieldSchema = (check: Check) =>
  z.string({ error: 'form.required' }).superRefine((value, ctx) => {
    const error = check(value);
    if (error) ctx.addIssue({ code: 'custom', message: error.key, params: error.params ?? {} });
  });
