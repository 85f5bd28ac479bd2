import type { AppError } from '@venue-voice/domain';
import type { z } from 'zod';
import { fieldProblemsError, valueAtPath } from '../../plugins/errors';

/**
 * A batch item that does not have the shape of a create or supplement: the same 10008/10009 answer as a
 * request schema's (plugins/errors.ts), the fields named from `items.<index>` as survey.submit names
 * them from the body; at most 10 issues per item.
 */
export function itemProblem(index: number, raw: unknown, error: z.ZodError): AppError {
  return fieldProblemsError(
    error.issues.slice(0, 10).map((issue) => ({
      field: ['items', index, ...issue.path].join('.'),
      in: 'body',
      message: issue.message,
      missing: issue.path.length > 0 && valueAtPath(raw, issue.path) === undefined,
    })),
  );
}
