import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckoutMode,
  type ContactField,
  type ContactFormInput,
  contactFormSchema,
  type DataCaptureSection,
  givesContactDetails,
  type StaticsSection,
  type SupplementPayload,
} from '@venue-voice/domain';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { guestMessage } from '../../platform/api-failure';
import { logError } from '../../platform/log';
import { Button } from '../../ui/button';
import { CheckboxField } from '../../ui/checkbox-field';
import { showToast } from '../../ui/toasts';
import { CONTACT_INPUTS, ContactInput } from './contact-input';
import { contactFieldFaults } from './failures';
import { PrivacyConsent } from './privacy-consent';
import { useSendSupplement } from './use-send-supplement';

type Values = ContactFormInput;

// The supplement has no postcode (decision 0060): a configured postcode field is not asked for here.
const isContactField = (field: DataCaptureSection['fields'][number]): field is ContactField =>
  field !== 'postcode';

// `now` is read at each validation, so a birthday of "today" stays valid past midnight (G5.11).
const resolver: Resolver<Values, unknown, SupplementPayload | null> = (values, context, options) =>
  zodResolver(contactFormSchema({ now: new Date() }))(values, context, options);

/** G4.79 The form's opening line in each mode that asks for contact details (not a complaint's). */
const INTRO: Record<number, string> = {
  [CheckoutMode.INCENTIVE]: 'dataCapture.introIncentive',
  [CheckoutMode.NO_INCENTIVE]: 'dataCapture.introNoIncentive',
};

export interface DataCaptureFormProps {
  section: DataCaptureSection;
  statics: StaticsSection | undefined;
  venueName: string | undefined;
  /** G4.79 Just contact, incentive or no incentive: the opening line says what the details are for. */
  mode: CheckoutMode;
  /** Moves the guest on: after the details were sent, or when they gave none. */
  onDone(): void;
}

/**
 * The checkout's optional contact details and marketing permission (G5.22, decision 0060), sent as a
 * survey.submit supplement (on a tablet through its queue). Nothing given: "No thanks" moves on without
 * a call. A server 10025 shows on its field; any other failure says so and lets the guest go on without
 * sending.
 */
export function DataCaptureForm({ section, statics, venueName, mode, onDone }: DataCaptureFormProps) {
  const { t } = useTranslation('checkout');
  const supplement = useSendSupplement();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, SupplementPayload | null>({
    resolver,
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      birthday: '',
      anniversary: '',
      permitted: false,
      privacyAccepted: false,
    },
  });
  const gives = givesContactDetails(useWatch({ control: form.control }));
  const { errors, isSubmitting } = form.formState;
  const errorText = (field: keyof Values) => {
    const key = errors[field]?.message;
    return key ? t(key, { ns: 'translation' }) : undefined;
  };

  const onSubmit = async (payload: SupplementPayload | null) => {
    setFailure(null);
    // Nothing given: no call. (The form shows once the create answered or, on a tablet, was saved.)
    if (!payload || !supplement.ready) return onDone();
    try {
      await supplement.send(payload);
      showToast({ text: t(supplement.queued ? 'dataCapture.saved' : 'dataCapture.sent'), tone: 'success' });
      onDone();
    } catch (error) {
      logError('The contact details could not be sent', { error: String(error) });
      const faults = contactFieldFaults(error);
      faults.forEach(({ field, key }, index) => {
        form.setError(field, { type: 'server', message: key }, { shouldFocus: index === 0 });
      });
      if (faults.length === 0)
        setFailure(guestMessage(error) ?? t('submit.formFailed', { ns: 'translation' }));
    }
  };

  const intro = INTRO[mode] ?? 'dataCapture.intro';
  return (
    <section className="contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="contact__heading">
        {t('dataCapture.heading')}
      </h2>
      <p>{venueName ? t(`${intro}Named`, { name: venueName }) : t(intro)}</p>
      <form className="contact__form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {section.fields.filter(isContactField).map((field) => (
          <ContactInput
            key={field}
            id={`contact-${field}`}
            label={t(`dataCapture.fields.${field}`)}
            hint={field === 'name' || field === 'email' ? undefined : t(`dataCapture.hints.${field}`)}
            error={errorText(field)}
            {...CONTACT_INPUTS[field]}
            {...form.register(field)}
          />
        ))}
        <Controller
          control={form.control}
          name="permitted"
          render={({ field }) => (
            <CheckboxField
              label={section.marketingPermissionText.trim() || t('dataCapture.marketing')}
              checked={field.value === true}
              onChange={field.onChange}
              inputRef={field.ref}
            />
          )}
        />
        <Controller
          control={form.control}
          name="privacyAccepted"
          render={({ field }) => (
            <PrivacyConsent
              statics={statics}
              ageConsent={section.ageConsent}
              checked={field.value === true}
              onChange={field.onChange}
              inputRef={field.ref}
              error={errorText('privacyAccepted')}
            />
          )}
        />
        {failure && (
          <p role="alert" className="checkout__failure">
            {failure}
          </p>
        )}
        <div className="contact__actions">
          <Button type="submit" disabled={isSubmitting} variant={gives ? 'primary' : 'secondary'}>
            {isSubmitting ? t('dataCapture.sending') : gives ? t('continue') : t('dataCapture.noThanks')}
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
