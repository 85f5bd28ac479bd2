import { RoutePath } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { matchLanguage, setLanguage } from '../../platform/i18n';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { useGuestSession } from '../session/session-store';
import { useSubmission } from './use-submission';
import { VoucherView } from './voucher-view';
import './checkout.css';

/**
 * /thank-you (G2, G7, G8): sends the finished survey, then thanks the guest and shows the voucher the
 * server issued, if any. Sending shows a wait message; a failure says so with a retry.
 */
export function ThankYouScreen() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('checkout');
  const submission = useSubmission();
  const slug = useGuestSession((session) => session.slug);
  const templateLocale = useGuestSession((session) => session.config?.surveys?.[0]?.templateLocale);

  // A reload lands here in the default language: go back to the survey's own (G1).
  useEffect(() => {
    const language = matchLanguage([templateLocale]);
    if (language) void setLanguage(language);
  }, [templateLocale]);

  // Nothing to send: back to the venue's address (its entry), or the bare entry when it is unknown.
  if (submission.state === 'nothing') return <Navigate to={slug ? `/${slug}` : RoutePath.HOME} replace />;
  if (submission.state === 'sent') return <Thanks />;
  return (
    <div className="checkout">
      <div className="checkout__card">
        <h1 className="checkout__title">
          {submission.state === 'sending' ? tc('sendingTitle') : tc('failedTitle')}
        </h1>
        {submission.state === 'sending' && <LoadingStatus label={t('submit.wait')} />}
        {submission.state === 'refused' && (
          <p role="alert" className="checkout__failure">
            {submission.message ?? t('api.responseError')}
          </p>
        )}
        {submission.state === 'failed' && (
          <>
            <p role="alert" className="checkout__failure">
              {t('submit.failed')}
            </p>
            <Button onClick={submission.retry}>{t('submit.retry')}</Button>
          </>
        )}
      </div>
    </div>
  );
}

/** The thanks by the venue's survey name, and the voucher. */
function Thanks() {
  const { t } = useTranslation('checkout');
  const name = useGuestSession((session) => session.config?.surveys?.[0]?.name);
  const voucher = useGuestSession((session) => session.submitted?.voucher ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  // A revealed card stays revealed after a reload.
  const keepScratched = () => {
    const { submitted, update } = useGuestSession.getState();
    if (submitted?.voucher)
      update({ submitted: { ...submitted, voucher: { ...submitted.voucher, scratched: true } } });
  };

  return (
    <div className="checkout">
      <div className="checkout__card">
        <h1 ref={heading} tabIndex={-1} className="checkout__title">
          {t('title')}
        </h1>
        <p className="checkout__sent">{t('sent')}</p>
        <p>{name ? t('bodyNamed', { name }) : t('body')}</p>
        {voucher && <VoucherView voucher={voucher} onScratched={keepScratched} />}
      </div>
    </div>
  );
}
