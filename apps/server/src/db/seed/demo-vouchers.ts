import { createHash } from 'node:crypto';
import { DEMO_SURVEYS } from './demo-surveys';

/** Codes per demo voucher: enough for demos and tests, small enough to seed in a blink. */
export const DEMO_VOUCHER_POOL = 200;

// Crockford's base 32 without I, L, O, U: nothing a guest can misread when typing a code at the till.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The n-th demo code of a voucher: the same on every seed (tests and demos can rely on them), spread
 * over the alphabet by a hash. Real pools are imported by the venue; these only have to be unique.
 */
export function demoVoucherCode(slug: string, voucherId: number, n: number): string {
  const digest = createHash('sha256').update(`${slug}:${voucherId}:${n}`).digest();
  const chars = Array.from(digest.subarray(0, 8), (byte) => ALPHABET[byte % 32]).join('');
  return `${slug
    .replace(/^demo-/, '')
    .slice(0, 3)
    .toUpperCase()}${voucherId}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** DEMO_VOUCHER_POOL unused codes for every voucher of every demo survey. */
export const demoVoucherRows = () =>
  DEMO_SURVEYS.flatMap((survey) =>
    survey.definition.vouchers.flatMap((voucher) =>
      Array.from({ length: DEMO_VOUCHER_POOL }, (_, n) => ({
        surveyId: survey.id,
        voucherId: voucher.id,
        code: demoVoucherCode(survey.slug, voucher.id, n + 1),
      })),
    ),
  );
