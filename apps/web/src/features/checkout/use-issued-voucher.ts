import type { IssuedVoucher } from '@venue-voice/domain';
import { useCallback } from 'react';
import { useGuestSession } from '../../shared/session/session-store';

/**
 * The voucher the create was given, and a function that records it as scratched, so a card revealed on
 * /checkout stays revealed after a reload and on /thank-you.
 */
export function useIssuedVoucher(): { voucher: IssuedVoucher | null; keepScratched: () => void } {
  const voucher = useGuestSession((session) => session.submitted?.voucher ?? null);
  const keepScratched = useCallback(() => {
    const { submitted, update } = useGuestSession.getState();
    if (submitted?.voucher && !submitted.voucher.scratched)
      update({ submitted: { ...submitted, voucher: { ...submitted.voucher, scratched: true } } });
  }, []);
  return { voucher, keepScratched };
}
