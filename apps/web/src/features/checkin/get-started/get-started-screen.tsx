import { localDateTimeAt } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useGuestSession } from '../../../shared/session/session-store';
import { configSurvey } from '../checkin-flow';
import { useFinishStep } from '../use-route-decision';

/**
 * /check_in/get_started: the survey's welcome. Starting makes the response's guid and start time; the
 * domain then says whether the venue or the visit time is still needed before the questions (G2).
 */
export function GetStartedScreen() {
  const { t } = useTranslation('checkin');
  const core = useTranslation().t;
  const survey = useGuestSession(configSurvey);
  const finish = useFinishStep();
  if (!survey) return null;
  const start = () => {
    const session = useGuestSession.getState();
    finish({
      guid: session.guid ?? crypto.randomUUID(),
      startTime: session.startTime ?? localDateTimeAt(new Date()),
    });
  };
  return (
    <div className="card ck-stack">
      <h1 className="venue__title">{survey.name}</h1>
      <p>{core('venue.intro')}</p>
      <button type="button" className="button ck-button--wide" onClick={start}>
        {t('getStarted.start')}
      </button>
    </div>
  );
}
