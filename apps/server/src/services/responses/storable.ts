import { AppError, ErrorCodes } from '@venue-voice/domain';

/** PostgreSQL's integer columns (staff_id) hold at most this. */
const MAX_INT4 = 2_147_483_647;

// NUL, or a surrogate half without its partner (String#isWellFormed is past this project's ES lib).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Most text holds no surrogate at all: one scan for the class spares the lookarounds (every create's texts).
const SURROGATE = /[\uD800-\uDFFF]/;
const unstorable = (text: string) =>
  text.includes('\u0000') || (SURROGATE.test(text) && LONE_SURROGATE.test(text));

/**
 * Where the first text PostgreSQL cannot store (NUL, a lone surrogate half) is, as a path suffix
 * ('' for the value itself, '.answers.questions.0…' below it), or null. The path is written only on the
 * way back from a bad text: a create checks every text of its payload, and almost none is bad.
 */
function badTextPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? '' : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (unstorable(key)) return `.${key}`;
    const found = badTextPath(record[key], depth + 1);
    if (found !== null) return `.${key}${found}`;
  }
  return null;
}

/**
 * Refuses with 10009 what the schema lets through but the database would reject with a fault of its
 * own (a 500): NUL characters and unpaired surrogates in any text of the payload, ids past int4.
 */
export function assertStorable(payload: unknown, ids: Record<string, number | null | undefined> = {}): void {
  const suffix = badTextPath(payload);
  const bad = suffix === null ? null : `payload${suffix}`;
  const tooBig = Object.entries(ids).find(([, value]) => typeof value === 'number' && value > MAX_INT4);
  const fieldName = bad ?? (tooBig ? `payload.${tooBig[0]}` : null);
  if (fieldName === null) return;
  const message = bad ? 'Text with characters that cannot be stored' : 'Number out of range';
  throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message: `Invalid value for: ${fieldName}`,
    detail: { fields: [{ field: fieldName, in: 'body', message }] },
  });
}
