import { describe, expect, it } from 'vitest';
import { AppError, ERRORS, ErrorCodes, isErrorCode } from './errors';

describe('API error codes (D8, api.md Bodies)', () => {
  it("has every code from 10000 to 10033 except 10015, which the spec does not show, and the console's 10034 and 10035", () => {
    const codes = Object.keys(ERRORS).map(Number);
    const expected = Array.from({ length: 36 }, (_, i) => 10000 + i).filter((code) => code !== 10015);
    expect(codes.sort()).toEqual(expected);
    expect(Object.values(ErrorCodes).sort()).toEqual(expected);
  });

  it.each([
    [401, [10005, 10018, 10030]],
    [400, [10006, 10008, 10009, 10010, 10023, 10025, 10026, 10033]],
    [404, [10002, 10011, 10012, 10013, 10014]],
    [409, [10017, 10031, 10035]],
    [413, [10027]],
    [403, [10028, 10034]],
    [500, [10001]],
    [503, [10021]],
  ])('answers status %i for the codes api.md gives it', (status, codes) => {
    for (const code of codes) expect(ERRORS[code as keyof typeof ERRORS].status).toBe(status);
  });

  it('lets a client retry only faults that are not the request itself', () => {
    const retryable = Object.entries(ERRORS)
      .filter(([, row]) => row.retryable)
      .map(([code]) => Number(code));
    expect(retryable.sort()).toEqual([10000, 10001, 10007, 10021]);
  });

  it('gives each code one spec name and each name one code', () => {
    const codes = Object.values(ErrorCodes);
    expect(new Set(codes).size).toBe(codes.length);
    expect(Object.keys(ErrorCodes).every((name) => /^[A-Z_]+$/.test(name))).toBe(true);
  });

  it('builds the error envelope with the default message and no detail', () => {
    expect(new AppError(ErrorCodes.INVALID_EDGE).toBody()).toEqual({
      error: { code: 10010, message: 'Invalid edge', detail: null, ui: false },
    });
    const custom = new AppError(ErrorCodes.FORM_VALIDATION, {
      message: 'Name taken',
      detail: { f: 1 },
      ui: true,
    });
    expect(custom.status).toBe(400);
    expect(custom.toBody().error).toMatchObject({ message: 'Name taken', detail: { f: 1 }, ui: true });
  });

  it('recognises only known codes', () => {
    expect(isErrorCode(10031)).toBe(true);
    expect(isErrorCode(10015)).toBe(false);
    expect(isErrorCode('10031')).toBe(false);
  });
});
