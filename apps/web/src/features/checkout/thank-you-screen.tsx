import { RoutePath } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { analyticsEvent } from '../../platform/analytics';
import { isAppMode } from '../../platform/device-session';
import { useQueuedResponse } from '../../shared/after-survey';
import { useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { NextGuest } from '../kiosk';
import { useIssuedVoucher } from './use-issued-voucher';
import { VoucherView } from './voucher-view';
import './checkout.css';

// Responses whose completion was recorded in this page's life: React's development double effects and
// a remount must not count a survey twice (a reload of /thank-you is a new page and counts again).
const completed = new Set<number | string>();

/**
 * /thank-you (G2.40): the last step. It sends nothing: the thanks by the venue's survey name, and the
 * voucher the guest was given, kept as they left it (a card scratched on /checkout stays revealed). On a
 * tablet a survey kept in its queue is thanked too (G2.43), and the screen returns to the start for the
 * next guest (D4.62).
 */
export function ThankYouScreen() {
  const { t } = useTranslation('checkout');
  const sentId = useGuestSession((session) => session.submitted?.id ?? null);
  // A tablet's survey saved in its queue has no id yet: its guid stands for it (G2.43, issue 26 item 11).
  const queued = useQueuedResponse();
  const saved = sentId === null && queued !== null;
  const responseId = sentId ?? queued;
  const name = useGuestSession((session) => session.config?.surveys?.[0]?.name);
  const { voucher, keepScratched } = useIssuedVoucher();
  const heading = useRef<HTMLHeadingElement>(null);
  const templateLocale = useGuestSession((session) => session.config?.surveys?.[0]?.templateLocale);
  useSurveyLanguage(templateLocale);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  useEffect(() => {
    if (responseId === null || completed.has(responseId)) return;
    completed.add(responseId);
    analyticsEvent('complete-survey');
  }, [responseId]);

  // The guard sends a guest without an answered create to /checkout; this only covers a cleared session.
  if (responseId === null) return <Navigate to={RoutePath.CHECKOUT} replace />;
  return (
    <div className="step">
      <div className="step__card step__card--stack step__card--centred">
        <h1 ref={heading} tabIndex={-1} className="step__title">
          {t('title')}
        </h1>
        <p className="checkout__sent">{saved ? t('savedBody') : t('sent')}</p>
        <p>{name ? t('bodyNamed', { name }) : t('body')}</p>
        {voucher && <VoucherView voucher={voucher} onScratched={keepScratched} />}
        {isAppMode() && <NextGuest />}
      </div>
    </div>
  );
}
