import { AppError, ErrorCodes } from '@venue-voice/domain';

/** PostgreSQL's integer columns (staff_id) hold at most this. */
const MAX_INT4 = 2_147_483_647;

// NUL, or a surrogate half without its partner (String#isWellFormed is past this project's ES lib).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The first path whose text PostgreSQL cannot store (NUL, a lone surrogate half), or null. */
function badTextPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') {
    return unstorable(value) ? path : null;
  }
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  for (const [key, member] of Object.entries(value)) {
    const inner = `${path}.${key}`;
    if (unstorable(key)) return inner;
    const found = badTextPath(member, inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses with 10009 what the schema lets through but the database would reject with a fault of its
 * own (a 500): NUL characters and unpaired surrogates in any text of the payload, ids past int4.
 */
export function assertStorable(payload: unknown, ids: Record<string, number | null | undefined> = {}): void {
  const bad = badTextPath(payload, 'payload');
  const tooBig = Object.entries(ids).find(([, value]) => typeof value === 'number' && value > MAX_INT4);
  const fieldName = bad ?? (tooBig ? `payload.${tooBig[0]}` : null);
  if (fieldName === null) return;
  const message = bad ? 'Text with characters that cannot be stored' : 'Number out of range';
  throw new AppError(ErrorCodes.PARAMETER_VALUE_INVALID, {
    message: `Invalid value for: ${fieldName}`,
    detail: { fields: [{ field: fieldName, in: 'body', message }] },
  });
}
