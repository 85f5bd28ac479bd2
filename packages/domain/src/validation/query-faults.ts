/**
 * The checks of a console list's query (the inbox's O6.1–O6.9, the till checks' O15.45): every value
 * arrives as text, and each refusal names its field and says why, all at once. The server answers 10008
 * for a value that is `missing` (required, or needed by another value given), else 10009.
 */
export interface QueryFault<Q> {
  field: keyof Q;
  message: string;
  missing: boolean;
}

/** A query's values as text: what a query string gives. */
type TextQuery = Partial<Record<string, string>>;

const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

/** A whole id as the console writes it (no sign, point or leading zero, at most int4's), or null. */
export const queryIdOf = (raw: string): number | null =>
  ID.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : null;

/**
 * A query's reader: `given` a field's text (absent and empty both null), `refuse` a field (null, for
 * `?? refuse(…)` chains), `id` a whole id or refused, and the faults so far.
 */
export function queryReader<Q extends TextQuery>(query: Q) {
  const faults: QueryFault<Q>[] = [];
  const refuse = (field: keyof Q, message: string, missing = false): null => {
    faults.push({ field, message, missing });
    return null;
  };
  const given = (field: keyof Q): string | null => {
    const value = query[field];
    return value === undefined || value === '' ? null : value;
  };
  const id = (field: keyof Q): number | null => {
    const raw = given(field);
    if (raw === null) return null;
    return queryIdOf(raw) ?? refuse(field, 'Expected a whole number id (digits, no leading zero)');
  };
  return { faults, given, refuse, id };
}
