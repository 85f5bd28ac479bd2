import { CheckoutMode, checkoutMode, marketingPermissionOf, RoutePath } from '@venue-voice/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useNextStep, useQueuedResponse } from '../../shared/after-survey';
import { type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { ComplaintContactForm } from './complaint-contact-form';
import { DataCaptureForm } from './data-capture-form';
import { RefusedActions } from './refused-actions';
import { useIssuedVoucher } from './use-issued-voucher';
import { useSubmission } from './use-submission';
import { VoucherView } from './voucher-view';
import './checkout.css';

/**
 * /checkout (G2.40, G7, G8): sends the finished survey once (a wait message; a failure with a retry on
 * the same guid; a refusal), then shows the voucher the server issued and the optional contact form,
 * and moves on to the next step.
 */
export function CheckoutScreen() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('checkout');
  const submission = useSubmission();
  const slug = useGuestSession((session) => session.slug);
  const templateLocale = useGuestSession((session) => session.config?.surveys?.[0]?.templateLocale);
  useSurveyLanguage(templateLocale);

  // Nothing to send: back to the venue's address (its entry), or the bare entry when it is unknown.
  if (submission.state === 'nothing') return <Navigate to={slug ? `/${slug}` : RoutePath.HOME} replace />;
  if (submission.state === 'sent') return <Sent />;
  if (submission.state === 'saved') return <SavedOnTablet />;
  return (
    <div className="step">
      <div className="step__card step__card--stack step__card--centred">
        <h1 className="step__title">
          {submission.state === 'sending' ? tc('sendingTitle') : tc('failedTitle')}
        </h1>
        {submission.state === 'sending' && <LoadingStatus label={t('submit.wait')} />}
        {submission.state === 'refused' && <RefusedActions submission={submission} />}
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

/** The data-capture section, when both the survey and the company's data_capture section turn it on. */
const dataCaptureOf = (session: GuestSession) => {
  const section = session.config?.data_capture;
  const survey = session.config?.surveys?.[0];
  return survey?.dataCapture.enabled && section?.enabled ? section : null;
};

/** G4.79 The checkout mode of this guest: what their answers raised and what the server gave them. */
const modeOf = (session: GuestSession): CheckoutMode =>
  checkoutMode({
    payload: session.createPayload,
    offersVouchers: (session.config?.surveys?.[0]?.vouchers.length ?? 0) > 0,
    voucherGiven: Boolean(session.submitted?.voucher),
  });

/** What the guest is told once their checkout form was sent (a reload does not ask again). */
function sentLine(session: GuestSession, queued: boolean): string {
  if (queued) return 'dataCapture.saved';
  if (session.complaintContact === true) return 'complaint.sent';
  if (session.complaintContact === false) return 'complaint.declined';
  return 'dataCapture.sent';
}

/** After the create was answered: the voucher, then the contact form or Continue. */
function Sent() {
  const { t } = useTranslation('checkout');
  const { voucher, keepScratched } = useIssuedVoucher();
  return (
    <AfterSubmit title={t('sentTitle')}>
      <p>{t('sentBody')}</p>
      {voucher && <VoucherView voucher={voucher} onScratched={keepScratched} />}
    </AfterSubmit>
  );
}

/**
 * App mode with no answer yet (D4.36, G2.43): the survey is in the tablet's queue and goes up when it
 * can. Only the server draws a voucher, so none is shown, and the screen says why; the contact form
 * still works, its details queue behind the survey.
 */
function SavedOnTablet() {
  const { t } = useTranslation('checkout');
  return (
    <AfterSubmit title={t('savedTitle')}>
      <p role="status">{t('savedBody')}</p>
      <p>{t('savedNoVoucher')}</p>
    </AfterSubmit>
  );
}

/**
 * The heading (focused on arrival), what happened to the survey, then the checkout's form or Continue:
 * a guest who complained is asked whether the venue may contact them about it (G4.79, G5.25), anyone
 * else gets the contact details form when the survey and company turn data capture on.
 */
function AfterSubmit({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('checkout');
  const name = useGuestSession((session) => session.config?.surveys?.[0]?.name);
  const statics = useGuestSession((session) => session.config?.statics);
  const dataCapture = useGuestSession(dataCaptureOf);
  const survey = useGuestSession((session) => session.config?.surveys?.[0]);
  const ageConsent = useGuestSession((session) => session.config?.data_capture?.ageConsent);
  const mode = useGuestSession(modeOf);
  const contactSent = useGuestSession((session) => session.contactSent);
  // A tablet's details went into its queue (D4.36): say saved, not sent.
  const queued = useQueuedResponse() !== null;
  const sent = useGuestSession((session) => sentLine(session, queued));
  const next = useNextStep(RoutePath.CHECKOUT);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  let form: ReactNode = null;
  if (contactSent) form = null;
  else if (mode === CheckoutMode.COMPLAINED)
    form = <ComplaintContactForm statics={statics} ageConsent={ageConsent} venueName={name} onDone={next} />;
  else if (dataCapture)
    form = (
      <DataCaptureForm
        // The survey's own marketing permission, in the language it was served in, over the company's (O15.34).
        section={
          survey
            ? { ...dataCapture, marketingPermissionText: marketingPermissionOf(survey, dataCapture) }
            : dataCapture
        }
        statics={statics}
        venueName={name}
        mode={mode}
        onDone={next}
      />
    );

  return (
    <div className="step">
      <div className="step__card step__card--stack step__card--centred">
        <h1 ref={heading} tabIndex={-1} className="step__title">
          {title}
        </h1>
        {children}
        {form ?? (
          <div className="contact__actions">
            {contactSent && <p>{t(sent, { name })}</p>}
            <Button onClick={next}>{t('continue')}</Button>
          </div>
        )}
      </div>
    </div>
  );
}
