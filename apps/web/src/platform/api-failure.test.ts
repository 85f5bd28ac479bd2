import { describe, expect, it } from 'vitest';
import { failureCode, isRetryable, isUnknownSlug } from './api-failure';

const failure = (status: number, code: number) => ({ status, code, message: 'x' });

describe('API failures', () => {
  it.each([
    [failure(404, 10013), true],
    [failure(404, 10012), true],
    [failure(404, 10011), true],
    [failure(404, 10002), false],
    [failure(500, 10001), false],
    [new TypeError('Failed to fetch'), false],
  ])('unknown slug: %j → %s', (error, expected) => {
    expect(isUnknownSlug(error)).toBe(expected);
  });

  it.each([
    [failure(500, 10001), true],
    [failure(503, 10021), true],
    [failure(400, 10009), false],
    [failure(404, 10013), false],
    [{ status: 429 }, true],
    [{ status: 502 }, true],
    [{ status: 0 }, true],
    [new TypeError('Failed to fetch'), true],
  ])('retryable: %j → %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });

  it('reads codes only when they are numbers', () => {
    expect(failureCode({ code: '10013' })).toBeUndefined();
    expect(failureCode(null)).toBeUndefined();
    expect(failureCode({ code: 10013 })).toBe(10013);
  });
});
