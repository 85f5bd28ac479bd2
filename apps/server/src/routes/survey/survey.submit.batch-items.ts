import { AppError, ErrorCodes } from '@venue-voice/domain';
import type { z } from 'zod';

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown => {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
};

/**
 * A batch item that does not have the shape of a create or supplement: 10008 when something required
 * is absent, else 10009, the fields named from `items.<index>` as survey.submit names them from the body.
 */
export function itemProblem(index: number, raw: unknown, error: z.ZodError): AppError {
  const problems = error.issues.slice(0, 10).map((issue) => ({
    field: ['items', index, ...issue.path].join('.'),
    in: 'body',
    message: issue.message,
    missing: issue.path.length > 0 && valueAt(raw, issue.path) === undefined,
  }));
  const missing = problems.filter((problem) => problem.missing);
  const chosen = missing.length > 0 ? missing : problems;
  return new AppError(
    missing.length > 0 ? ErrorCodes.PARAMETER_MISSING : ErrorCodes.PARAMETER_VALUE_INVALID,
    {
      message: `${missing.length > 0 ? 'Missing' : 'Invalid value for'}: ${chosen.map((p) => p.field).join(', ')}`,
      detail: { fields: chosen.map(({ missing: _, ...problem }) => problem) },
    },
  );
}
