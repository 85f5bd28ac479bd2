import { CheckoutMode } from '../enums';
import type { CreatePayload } from '../schemas/submit';

/** G4.79 A guest's answers raised a complaint: a shown triggerComplaint question was answered (D3.10) or
 * the survey's manager-feedback rule passed on their scores (D3.9). Both travel in the create payload. */
export const raisedComplaint = (
  payload: Pick<CreatePayload, 'feedbackAlert' | 'managerFeedbackIndicatorRulePassed'>,
): boolean => payload.feedbackAlert || payload.managerFeedbackIndicatorRulePassed;

/** What the checkout knows once the create was sent: the payload, the survey's vouchers and the one given. */
export interface CheckoutFacts {
  /** The create payload the questions built; null before there is one. */
  payload: Pick<CreatePayload, 'feedbackAlert' | 'managerFeedbackIndicatorRulePassed'> | null;
  /** The survey offers vouchers (`survey.vouchers` is not empty). */
  offersVouchers: boolean;
  /** The server gave this response a voucher (its answer's `voucher`); false while none is known. */
  voucherGiven: boolean;
}

/**
 * G4.79 The checkout mode (guest-flow.md §3: unknown 0, just contact 1, complained 2, incentive 3, no
 * incentive 4), first match wins: no payload yet → unknown; the answers raised a complaint →
 * complained (the guest is asked whether the venue may contact them about it, not for marketing);
 * a voucher given → incentive; vouchers offered but none given (a lost draw, or a tablet's survey
 * saved before the server drew one) → no incentive; otherwise just contact. Decision 0178.
 */
export function checkoutMode(facts: CheckoutFacts): CheckoutMode {
  if (facts.payload === null) return CheckoutMode.UNKNOWN;
  if (raisedComplaint(facts.payload)) return CheckoutMode.COMPLAINED;
  if (facts.voucherGiven) return CheckoutMode.INCENTIVE;
  return facts.offersVouchers ? CheckoutMode.NO_INCENTIVE : CheckoutMode.JUST_CONTACT;
}
