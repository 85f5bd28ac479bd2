import type { Survey } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';

/**
 * The staff home's surveys as big tiles (issue 26 "Look and feel"): one tap on the name starts it. The
 * visible text reads as the accessible name does ("Start survey", then the name), so a voice user can
 * say what they see.
 */
export function SurveyTiles({
  surveys,
  onStart,
}: {
  surveys: readonly Survey[];
  onStart(survey: Survey): void;
}) {
  const { t } = useTranslation('device');
  if (surveys.length === 0) return <p className="staff__empty">{t('staff.noSurveys')}</p>;
  return (
    <ul className="staff__tiles">
      {surveys.map((survey) => (
        <li key={survey.templateId}>
          <button
            type="button"
            className="staff__tile"
            onClick={() => onStart(survey)}
            aria-label={t('staff.startNamed', { name: survey.name })}
          >
            <span className="staff__tile-action">{t('staff.start')}</span>
            <span className="staff__tile-name">{survey.name}</span>
            <span className="staff__tile-go" aria-hidden="true">
              →
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
