import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so two payloads that differ only in key order (a client
 * that rebuilt its object, a queue that round-tripped it through IndexedDB) hash the same. Array order
 * is kept: it carries meaning (questionMap, answers). Undefined members are left out, as JSON does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

/** Hex SHA-256 of the canonical JSON: what tells a retried create from another create with the same guid. */
export const payloadHash = (payload: unknown): string =>
  createHash('sha256').update(canonicalJson(payload)).digest('hex');
