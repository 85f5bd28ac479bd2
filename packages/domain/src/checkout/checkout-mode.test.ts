import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CheckoutMode } from '../enums';
import { type CheckoutFacts, checkoutMode, raisedComplaint } from './checkout-mode';

const happy = { feedbackAlert: false, managerFeedbackIndicatorRulePassed: false };
const facts = (changes: Partial<CheckoutFacts>): CheckoutFacts => ({
  payload: happy,
  offersVouchers: false,
  voucherGiven: false,
  ...changes,
});

describe('G4.79 the checkout mode', () => {
  it.each([
    ['no payload yet: unknown', facts({ payload: null, voucherGiven: true }), CheckoutMode.UNKNOWN],
    ['a happy guest without vouchers: just contact', facts({}), CheckoutMode.JUST_CONTACT],
    [
      'a voucher given: incentive',
      facts({ offersVouchers: true, voucherGiven: true }),
      CheckoutMode.INCENTIVE,
    ],
    [
      'vouchers offered, none given: no incentive',
      facts({ offersVouchers: true }),
      CheckoutMode.NO_INCENTIVE,
    ],
    [
      'a complaint question answered: complained',
      facts({ payload: { ...happy, feedbackAlert: true } }),
      CheckoutMode.COMPLAINED,
    ],
    [
      'the manager-feedback rule passed: complained',
      facts({ payload: { ...happy, managerFeedbackIndicatorRulePassed: true } }),
      CheckoutMode.COMPLAINED,
    ],
  ])('G4.79 %s', (_name, given, expected) => {
    expect(checkoutMode(given)).toBe(expected);
  });

  it('G4.79 (property) a guest who complained is always asked about the complaint, voucher or not', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (alert, manager, offers, given) => {
        const payload = { feedbackAlert: alert, managerFeedbackIndicatorRulePassed: manager };
        const mode = checkoutMode({ payload, offersVouchers: offers, voucherGiven: given });
        expect(mode === CheckoutMode.COMPLAINED).toBe(raisedComplaint(payload));
        expect(mode).not.toBe(CheckoutMode.UNKNOWN);
      }),
    );
  });
});
