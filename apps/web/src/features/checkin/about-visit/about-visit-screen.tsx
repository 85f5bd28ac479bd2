import { type MessageKey, validateVisitDateTime } from '@venue-voice/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../platform/i18n';
import { useGuestSession } from '../../../shared/session/session-store';
import { configSurvey } from '../checkin-flow';
import { localeOf } from '../locale-format';
import { useFinishStep } from '../use-route-decision';
import { DateTimePicker } from './date-time-picker';
import './about-visit.css';
import {
  addDays,
  initialPickerValue,
  type PickerValue,
  storedVisit,
  today,
  VISIT_DAYS_BACK,
  visitText,
} from './visit-value';

/**
 * /check_in/about_visit: when the guest visited. The domain's visit-date rules judge the answer
 * (G5: 'Date/time can't be in the future', 'Please enter a valid time and date').
 */
export function AboutVisitScreen() {
  const { t } = useTranslation('checkin');
  const core = useTranslation().t;
  const survey = useGuestSession(configSurvey);
  const held = useGuestSession((session) => session.visitDateTime);
  const finish = useFinishStep();
  const [now] = useState(() => new Date());
  const [value, setValue] = useState<PickerValue>(() =>
    initialPickerValue(held, now, survey?.averageServiceTime ?? 0),
  );
  const [error, setError] = useState<MessageKey | null>(null);
  const latest = today(now);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateVisitDateTime(visitText(value), new Date());
    if (!result.ok) {
      setError(result.error.key);
      return;
    }
    setError(null);
    finish({ visitDateTime: storedVisit(result.value) });
  };

  return (
    <div className="card ck-stack">
      <h1>{t('aboutVisit.title')}</h1>
      <p>{t('aboutVisit.intro')}</p>
      <form className="ck-stack" noValidate onSubmit={onSubmit}>
        <DateTimePicker
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          today={latest}
          earliest={addDays(latest, -VISIT_DAYS_BACK)}
          locale={localeOf(currentLanguage())}
          errorId={error ? 'visit-error' : undefined}
        />
        {error && (
          <p id="visit-error" className="ck-notice ck-notice--error" role="alert">
            {core(error)}
          </p>
        )}
        <button type="submit" className="button ck-button--wide">
          {t('actions.continue')}
        </button>
      </form>
    </div>
  );
}
