/** O15.30 A voucher code: 1–64 letters, digits, hyphens or underscores (it is read out at a till). */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** O15.31 At most this many codes in one import (a file of a season's codes; larger ones in parts). */
export const VOUCHER_CODES_PER_IMPORT = 10_000;

export type VoucherCodesRead =
  | { ok: true; codes: string[] }
  | {
      ok: false;
      key: 'voucherCodes.invalid' | 'voucherCodes.tooMany' | 'voucherCodes.none';
      params?: Record<string, string | number>;
    };

/**
 * O15.30–O15.32 A pool's codes from a pasted list or a CSV/text file: one code per line (a first cell of
 * each line; a header "code" is skipped), blanks and repeats dropped. Refused whole when any code is
 * malformed (named, with its line), when there are none, or more than VOUCHER_CODES_PER_IMPORT.
 */
export function readVoucherCodes(text: string): VoucherCodesRead {
  const codes: string[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    const cell = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1');
    if (cell === '' || (index === 0 && cell.toLowerCase() === 'code')) continue;
    if (!VOUCHER_CODE_PATTERN.test(cell)) {
      return { ok: false, key: 'voucherCodes.invalid', params: { line: index + 1, code: cell.slice(0, 70) } };
    }
    if (seen.has(cell)) continue;
    seen.add(cell);
    codes.push(cell);
  }
  if (codes.length === 0) return { ok: false, key: 'voucherCodes.none' };
  if (codes.length > VOUCHER_CODES_PER_IMPORT) {
    return { ok: false, key: 'voucherCodes.tooMany', params: { max: VOUCHER_CODES_PER_IMPORT } };
  }
  return { ok: true, codes };
}
