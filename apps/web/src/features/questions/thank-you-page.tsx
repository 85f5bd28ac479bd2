import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuestSession } from '../session/session-store';
import './questions.css';

/**
 * /thank-you (G2): the end of the questions. Sending the stored payload, vouchers and sharing belong
 * to the checkout screens; this page thanks the guest by the venue's survey name when it is known.
 */
export function ThankYouPage() {
  const { t } = useTranslation('questions');
  const name = useGuestSession((session) => session.config?.surveys?.[0]?.name);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="quiz">
      <div className="quiz__card quiz__card--centred">
        <h1 ref={heading} tabIndex={-1} className="quiz__title">
          {t('thankYou.title')}
        </h1>
        <p>{name ? t('thankYou.bodyNamed', { name }) : t('thankYou.body')}</p>
      </div>
    </div>
  );
}
