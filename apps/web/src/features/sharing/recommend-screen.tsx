import { RoutePath } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { Button } from '../../ui/button';
import { LoadingStatus } from '../../ui/loading-status';
import { TextArea } from '../../ui/text-area';
import { copyText } from './clipboard';
import { REVIEW_TEXT_MAX } from './share-actions';
import { useRecommendation } from './use-recommendation';
import './sharing.css';

/**
 * /recommend (G2, G7): the review text suggested from the guest's own answers, in a box they can
 * change, or an empty box with the spec's message when there was too little to draft from. The guest
 * copies it, goes on to share it, or declines; nothing here touches the voucher.
 */
export function RecommendScreen() {
  const { t } = useTranslation('sharing');
  const navigate = useNavigate();
  const templateLocale = useGuestSession((session) => session.config?.surveys?.[0]?.templateLocale);
  useSurveyLanguage(templateLocale);
  const recommendation = useRecommendation();

  return (
    <div className="step">
      <div className="step__card step__card--stack">
        <h1 className="step__title sharing__title">{t('recommend.title')}</h1>
        <p>{t('recommend.intro')}</p>
        {recommendation.state === 'loading' ? (
          <LoadingStatus label={t('recommend.loading')} />
        ) : (
          <>
            {recommendation.recommendation.notEnoughInformation && (
              <p role="status" className="sharing__notice">
                {t('ai.notEnoughInformation', { ns: 'translation' })}
              </p>
            )}
            <TextArea
              label={t('recommend.textLabel')}
              hint={
                recommendation.recommendation.fromSuggestion
                  ? t('recommend.suggestedHint')
                  : t('recommend.ownHint')
              }
              rows={8}
              maxLength={REVIEW_TEXT_MAX}
              limitHint={t('recommend.limit', { count: REVIEW_TEXT_MAX })}
              value={recommendation.recommendation.text}
              onChange={recommendation.edit}
            />
            <div className="sharing__actions">
              <Button
                variant="secondary"
                disabled={recommendation.recommendation.text.trim() === ''}
                onClick={() =>
                  void copyText(recommendation.recommendation.text, {
                    copied: t('copied'),
                    failed: t('copyFailed'),
                  })
                }
              >
                {t('recommend.copy')}
              </Button>
              <Button onClick={() => navigate(RoutePath.SHARE)}>{t('recommend.share')}</Button>
              <Button variant="quiet" onClick={() => navigate(RoutePath.THANK_YOU)}>
                {t('recommend.noThanks')}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
