import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AgeConsent,
  COMPLAINT_CONTACT_FIELDS,
  type ComplaintContactField,
  type ComplaintContactInput,
  complaintContactSchema,
  type StaticsSection,
  type SupplementPayload,
} from '@venue-voice/domain';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { guestMessage } from '../../platform/api-failure';
import { logError } from '../../platform/log';
import { useGuestSession } from '../../shared/session/session-store';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { showToast } from '../../ui/toasts';
import { CONTACT_INPUTS, ContactInput } from './contact-input';
import { contactFieldFaults } from './failures';
import { PrivacyConsent } from './privacy-consent';
import { useSendSupplement } from './use-send-supplement';

type Values = ComplaintContactInput;

const resolver: Resolver<Values, unknown, SupplementPayload | null> = zodResolver(complaintContactSchema());

export interface ComplaintContactFormProps {
  statics: StaticsSection | undefined;
  /** The company's age consent for contact details (data_capture), when it has the section. */
  ageConsent: AgeConsent | undefined;
  venueName: string | undefined;
  /** Moves the guest on: after the answer was sent, or when they gave none. */
  onDone(): void;
}

/**
 * Checkout mode COMPLAINED (G4.79, decision 0178): the guest's answers raised a complaint, so instead
 * of offers the checkout asks whether the venue may contact them about it. Yes asks for an email or a
 * phone number (G5.25); yes and no are sent as a survey.submit supplement (a tablet queues it); no
 * answer moves on without a call. A 10025 shows on its field, any other failure lets the guest go on.
 */
export function ComplaintContactForm({ statics, ageConsent, venueName, onDone }: ComplaintContactFormProps) {
  const { t } = useTranslation('checkout');
  const supplement = useSendSupplement();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, SupplementPayload | null>({
    resolver,
    defaultValues: { name: '', email: '', phone: '', privacyAccepted: false },
  });
  const allowed = useWatch({ control: form.control, name: 'contactAllowed' });
  const { errors, isSubmitting } = form.formState;
  const errorText = (field: keyof Values) => {
    const key = errors[field]?.message;
    return key ? t(key, { ns: 'translation' }) : undefined;
  };
  const named = (key: string) => (venueName ? t(`${key}Named`, { name: venueName }) : t(key));

  const onSubmit = async (payload: SupplementPayload | null) => {
    setFailure(null);
    if (!payload || !supplement.ready) return onDone();
    try {
      await supplement.send(payload);
      useGuestSession.getState().update({ complaintContact: payload.complaintContact === true });
      if (payload.complaintContact) {
        showToast({ text: t(supplement.queued ? 'dataCapture.saved' : 'complaint.sent'), tone: 'success' });
      }
      onDone();
    } catch (error) {
      logError('The complaint contact could not be sent', { error: String(error) });
      const faults = contactFieldFaults(error).filter(({ field }) =>
        (COMPLAINT_CONTACT_FIELDS as readonly string[]).includes(field),
      );
      faults.forEach(({ field, key }, index) => {
        form.setError(
          field as ComplaintContactField,
          { type: 'server', message: key },
          { shouldFocus: index === 0 },
        );
      });
      if (faults.length === 0)
        setFailure(guestMessage(error) ?? t('submit.formFailed', { ns: 'translation' }));
    }
  };

  return (
    <section className="contact" aria-labelledby="complaint-heading">
      <h2 id="complaint-heading" className="contact__heading">
        {t('complaint.heading')}
      </h2>
      <p>{named('complaint.intro')}</p>
      <form className="contact__form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <Controller
          control={form.control}
          name="contactAllowed"
          render={({ field }) => (
            <ChoiceGroup
              legend={named('complaint.question')}
              choices={[
                { value: 'yes', label: t('complaint.yes') },
                { value: 'no', label: t('complaint.no') },
              ]}
              value={field.value === undefined ? [] : [field.value ? 'yes' : 'no']}
              onChange={([choice]) => field.onChange(choice === 'yes')}
            />
          )}
        />
        {allowed === true && (
          <>
            <p className="field__hint">{t('complaint.reachHint')}</p>
            {COMPLAINT_CONTACT_FIELDS.map((field) => (
              <ContactInput
                key={field}
                id={`complaint-${field}`}
                label={t(`dataCapture.fields.${field}`)}
                hint={field === 'phone' ? t('dataCapture.hints.phone') : undefined}
                error={errorText(field)}
                {...CONTACT_INPUTS[field]}
                {...form.register(field)}
              />
            ))}
            <Controller
              control={form.control}
              name="privacyAccepted"
              render={({ field }) => (
                <PrivacyConsent
                  statics={statics}
                  ageConsent={ageConsent}
                  checked={field.value === true}
                  onChange={field.onChange}
                  inputRef={field.ref}
                  error={errorText('privacyAccepted')}
                />
              )}
            />
          </>
        )}
        {failure && (
          <p role="alert" className="checkout__failure">
            {failure}
          </p>
        )}
        <div className="contact__actions">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('dataCapture.sending') : t('continue')}
          </Button>
          {failure && (
            <Button variant="quiet" onClick={onDone}>
              {t('dataCapture.skip')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
