import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, payloadHash } from '../src/services/responses/payload-hash';

/** The same value with every object's keys in reverse order. */
const reversed = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
};

describe('payload hash (decision 0020)', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(payloadHash({ a: [1, 2] })).not.toBe(payloadHash({ a: [2, 1] }));
  });

  it('undefined members are left out, as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('key order never changes the hash; any change of a value does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(payloadHash(reversed(value))).toBe(payloadHash(value));
        expect(payloadHash({ v: value, extra: 1 })).not.toBe(payloadHash({ v: value, extra: 2 }));
      }),
    );
  });

  it('agrees with JSON.parse: the canonical text reads back to an equal value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
