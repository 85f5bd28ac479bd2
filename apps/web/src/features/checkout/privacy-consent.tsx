import type { AgeConsent, StaticsSection } from '@venue-voice/domain';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { privacyPolicyHref } from '../../platform/privacy-link';
import { CheckboxField } from '../../ui/checkbox-field';

export interface PrivacyConsentProps {
  statics: StaticsSection | undefined;
  /** The venue's age consent (13/16/18/21, or none): it goes into the acceptance box (decision 0060). */
  ageConsent: AgeConsent | undefined;
  checked: boolean;
  onChange(checked: boolean): void;
  inputRef: Ref<HTMLInputElement>;
  /** The translated error under the box (G5.19), when the guest gave details without accepting. */
  error: string | undefined;
}

/**
 * How long contact details are kept, the privacy notice, and the box that accepts it (G5.19, spec §1
 * and §9): the same for every form of the checkout that takes contact details.
 */
export function PrivacyConsent({
  statics,
  ageConsent,
  checked,
  onChange,
  inputRef,
  error,
}: PrivacyConsentProps) {
  const { t } = useTranslation('checkout');
  const age = ageConsent === undefined || ageConsent === 'none' ? null : ageConsent;
  return (
    <>
      {statics && (
        <p className="contact__privacy">
          {t('dataCapture.retention', { count: statics.contactDataRetentionDays })}{' '}
          <a href={privacyPolicyHref(statics.privacyPolicyUrl)} target="_blank" rel="noopener noreferrer">
            {t('dataCapture.privacyLink', { version: statics.privacyNoticeVersion })}
          </a>
        </p>
      )}
      <CheckboxField
        label={age ? t('dataCapture.acceptWithAge', { age }) : t('dataCapture.accept')}
        checked={checked}
        onChange={onChange}
        inputRef={inputRef}
        invalid={Boolean(error)}
        describedBy={error ? 'contact-privacy-error' : undefined}
      />
      {error && (
        <p id="contact-privacy-error" className="contact__error">
          {error}
        </p>
      )}
    </>
  );
}
