import { describe, expect, it } from 'vitest';
import { queryIdOf, queryReader } from './query-faults';

describe('a console query’s whole ids (O6.2, O15.45)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
    ['2147483648', null],
    ['0', null],
    ['01', null],
    ['-1', null],
    ['+1', null],
    ['1.0', null],
    ['1e3', null],
    [' 1', null],
    ['', null],
  ])('%j reads as %j', (raw, expected) => {
    expect(queryIdOf(raw)).toBe(expected);
  });
});

describe('a console query’s reader', () => {
  it('reads an absent or empty value as not given, and collects every refusal at once', () => {
    const reader = queryReader<{ a?: string; b?: string; c?: string }>({ a: '', b: '7', c: '07' });
    expect(reader.given('a')).toBeNull();
    expect(reader.id('b')).toBe(7);
    expect(reader.id('c')).toBeNull();
    expect(reader.refuse('a', 'A is required', true)).toBeNull();
    expect(reader.faults).toEqual([
      { field: 'c', message: 'Expected a whole number id (digits, no leading zero)', missing: false },
      { field: 'a', message: 'A is required', missing: true },
    ]);
  });
});
