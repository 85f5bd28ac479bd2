import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readVoucherCodes, VOUCHER_CODE_PATTERN, VOUCHER_CODES_PER_IMPORT } from './voucher-codes';

describe('voucher code pools (O15.30–O15.32)', () => {
  it.each([
    ['one per line', 'A1\nB2\r\nC3', ['A1', 'B2', 'C3']],
    ['a CSV with a header and more columns', 'code,value\n"X-1",5\nY_2,5\n', ['X-1', 'Y_2']],
    ['blank lines and repeats dropped', '\nA1\n\nA1\n  B2  \n', ['A1', 'B2']],
  ])('O15.32 %s', (_case, text, codes) => {
    expect(readVoucherCodes(text)).toEqual({ ok: true, codes });
  });

  it.each([
    ['a space inside a code', 'A1\nB 2', { key: 'voucherCodes.invalid', params: { line: 2, code: 'B 2' } }],
    ['a code of 65 characters', 'x'.repeat(65), { key: 'voucherCodes.invalid' }],
    ['nothing but a header', 'code\n\n', { key: 'voucherCodes.none' }],
  ])('O15.30 refuses %s, naming it', (_case, text, refusal) => {
    expect(readVoucherCodes(text)).toMatchObject({ ok: false, ...refusal });
  });

  it('O15.31 refuses more than the import limit', () => {
    const text = Array.from({ length: VOUCHER_CODES_PER_IMPORT + 1 }, (_, i) => `C${i}`).join('\n');
    expect(readVoucherCodes(text)).toMatchObject({ ok: false, key: 'voucherCodes.tooMany' });
  });

  it('O15.30 every code read matches the pattern, once, in the file order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 50 }),
        (codes) => {
          const read = readVoucherCodes(codes.join('\n'));
          const expected = [...new Set(codes.filter((c, i) => !(i === 0 && c.toLowerCase() === 'code')))];
          if (expected.length === 0) return expect(read.ok).toBe(false);
          expect(read).toEqual({ ok: true, codes: expected });
          if (read.ok) expect(read.codes.every((c) => VOUCHER_CODE_PATTERN.test(c))).toBe(true);
        },
      ),
    );
  });
});
