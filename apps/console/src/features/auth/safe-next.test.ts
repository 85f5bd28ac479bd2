import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext: back to the console page asked for, never to another site', () => {
  it.each([
    ['/devices', '/devices'],
    ['/branches/1/staff?x=1', '/branches/1/staff?x=1'],
    [null, '/'],
    ['', '/'],
    ['//evil.test/x', '/'],
    ['/\\evil.test', '/'],
    ['https://evil.test', '/'],
    ['devices', '/'],
  ])('%j → %j', (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
