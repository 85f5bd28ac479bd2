import { VoucherType } from '../enums';
import type { Random } from '../random';
import type { Voucher } from '../schemas/survey';

/** The voucher the checkout shows, and whether its scratch card starts already scratched. */
export type ShownVoucher = { voucher: Voucher; scratched: boolean };

/**
 * G4.61: an instant win with chance n is won with probability 1/n. A chance below 1 or missing never
 * wins (no draw is configured). Draws exactly one number from `random`.
 */
export const winsInstantly = (chance: number | null, random: Random): boolean =>
  chance !== null && chance >= 1 && random() < 1 / chance;

/**
 * G4.60, G4.61: which voucher the guest gets. None configured: none. One voucher: it, shown already
 * scratched. Several: the first incentive voucher unscratched, replaced by the first instant-win
 * voucher when its draw of 1/chance wins; with no incentive among them a lost draw gives none, so the
 * chance is never bypassed. `random` is only called when there is an instant win to draw for.
 */
export function chooseVoucher(vouchers: readonly Voucher[], random: Random): ShownVoucher | null {
  const [first] = vouchers;
  if (first === undefined) return null;
  if (vouchers.length === 1) return { voucher: first, scratched: true };
  const incentive = vouchers.find((voucher) => voucher.type === VoucherType.INCENTIVE);
  const instantWin = vouchers.find((voucher) => voucher.type === VoucherType.INSTANT_WIN);
  if (instantWin !== undefined && winsInstantly(instantWin.chance, random)) {
    return { voucher: instantWin, scratched: false };
  }
  return incentive === undefined ? null : { voucher: incentive, scratched: false };
}
