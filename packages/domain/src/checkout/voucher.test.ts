import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_SURVEYS } from '../../../../apps/server/src/db/seed/demo-surveys';
import { VoucherType } from '../enums';
import { seededRandom } from '../random';
import type { Voucher } from '../schemas/survey';
import { chooseVoucher, winsInstantly } from './voucher';

const voucher = (id: number, type: VoucherType, chance: number | null = null): Voucher => ({
  id,
  type,
  name: `voucher ${id}`,
  description: '',
  chance,
  expiryDays: null,
});
const incentive = voucher(1, VoucherType.INCENTIVE);
const instantWin = voucher(2, VoucherType.INSTANT_WIN, 4);
const never = () => {
  throw new Error('no draw expected');
};
const always = () => 0;
const lose = () => 0.999;

describe('vouchers', () => {
  it('G4.60 no voucher gives none; a single voucher is shown already scratched, without a draw', () => {
    expect(chooseVoucher([], never)).toBeNull();
    expect(chooseVoucher([incentive], never)).toEqual({ voucher: incentive, scratched: true });
    expect(chooseVoucher([instantWin], never)).toEqual({ voucher: instantWin, scratched: true });
  });

  it.each([
    ['a lost draw shows the incentive', [incentive, instantWin], lose, incentive],
    ['a won draw shows the instant win', [incentive, instantWin], always, instantWin],
    ['the order of the list does not matter', [instantWin, incentive], lose, incentive],
    ['no instant win, no draw', [incentive, voucher(3, VoucherType.INCENTIVE)], never, incentive],
    [
      'an instant win without chance never wins',
      [incentive, voucher(2, VoucherType.INSTANT_WIN)],
      always,
      incentive,
    ],
    [
      'no incentive and a lost draw show nothing',
      [instantWin, voucher(3, VoucherType.INSTANT_WIN, 2)],
      lose,
      null,
    ],
  ])('G4.61 several vouchers: %s, unscratched', (_name, vouchers, random, shown) => {
    const chosen = chooseVoucher(vouchers, random);
    expect(chosen?.voucher ?? null).toEqual(shown);
    if (chosen) expect(chosen.scratched).toBe(false);
  });

  it.each([
    [1, 0.999, true],
    [4, 0.2499, true],
    [4, 0.25, false],
    [0, 0, false],
    [null, 0, false],
  ])('G4.61 chance %s with a draw of %s wins: %s', (chance, draw, wins) => {
    expect(winsInstantly(chance, () => draw)).toBe(wins);
  });

  it('G4.61 law: over many seeded guests the instant win comes up about 1 time in chance', () => {
    const guests = 20_000;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer(), (chance, seed) => {
        const random = seededRandom(seed);
        const vouchers = [incentive, voucher(2, VoucherType.INSTANT_WIN, chance)];
        let wins = 0;
        for (let i = 0; i < guests; i += 1) {
          if (chooseVoucher(vouchers, random)?.voucher.type === VoucherType.INSTANT_WIN) wins += 1;
        }
        const p = 1 / chance;
        const sigma = Math.sqrt(guests * p * (1 - p));
        // Five standard deviations: a correct rule fails this about once in 1.7 million runs.
        expect(Math.abs(wins - guests * p)).toBeLessThanOrEqual(5 * sigma + 1e-9);
      }),
      { numRuns: 25 },
    );
  });

  it('G4.61 the demo survey offers its incentive or, 1 time in 10, the free dessert', () => {
    const vouchers = DEMO_SURVEYS[0]?.definition.vouchers ?? [];
    expect(chooseVoucher(vouchers, () => 0.05)?.voucher.name).toBe('A free dessert');
    expect(chooseVoucher(vouchers, () => 0.1)?.voucher.name).toBe('10% off your next visit');
  });
});
