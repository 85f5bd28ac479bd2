import { RoutePath, StaffRenderType } from '@venue-voice/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { analyticsEvent } from '../../platform/analytics';
import { useApi } from '../../platform/api-context';
import { failureMessage } from '../../platform/api-failure';
import { currentLanguage } from '../../platform/i18n';
import { useNextStep, useResponseCredentials } from '../../shared/after-survey';
import { useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { Button } from '../../ui/button';
import { pushError } from '../../ui/error-queue';
import { storedRun } from '../questions';
import { copyText } from './clipboard';
import { methodOf, type ShareAction, shareActions } from './share-actions';
import { recommendationFor, useSharingStore } from './sharing-store';
import { summaryOf } from './summary-items';
import { SummaryView, summaryText } from './summary-view';
import { useTeam } from './use-team';
import './sharing.css';

/**
 * /share (G2, G4.63–G4.65, D3): the guest's feedback at a glance and the ways to share it. The text
 * shared is the guest's review from /recommend, or the summary written out when they wrote none; it is
 * copied before a review site opens, because review sites take no prefilled text (decision 0064).
 */
export function ShareScreen() {
  const { t } = useTranslation('sharing');
  const api = useApi();
  const next = useNextStep(RoutePath.SHARE);
  const credentials = useResponseCredentials();
  const slug = useGuestSession((session) => session.slug) ?? '';
  const survey = useGuestSession((session) => session.config?.surveys?.[0]);
  const surveyRun = useGuestSession((session) => session.surveyRun);
  const recommendation = useSharingStore((store) => recommendationFor(store.recommendation, credentials?.id));
  useSurveyLanguage(survey?.templateLocale);

  const review = recommendation?.text.trim() ?? '';
  const fromSuggestion = review !== '' && recommendation?.fromSuggestion === true;
  const run = useMemo(() => storedRun(surveyRun), [surveyRun]);
  const team = useTeam(run?.staff?.renderType === StaffRenderType.SELECT);
  // With a review text the summary is a glance beside it (compact); without, it is what is shared.
  const items = useMemo(() => summaryOf(run, review !== '', team), [run, review, team]);
  const text = review || summaryText(summaryOf(run, false, team), t);
  const actions = shareActions({
    sites: survey?.reviewSites ?? [],
    text,
    subject: t('share.subject', { name: survey?.name ?? '' }),
    nativeShare: typeof navigator.share === 'function',
  });

  const record = (action: ShareAction) => {
    analyticsEvent(fromSuggestion ? 'share-ai-recommendation' : 'share-survey', { method: methodOf(action) });
    if (!action.track || !credentials) return;
    api.track(slug, currentLanguage(), credentials, [action.track]).catch((error: unknown) => {
      pushError({
        message: failureMessage(error) ?? t('api.responseError', { ns: 'translation' }),
        trace: String(error),
      });
    });
  };

  const openSite = (action: ShareAction) => {
    // Started inside the click, so the browser allows it; the new tab opens by the link's default action.
    if (text !== '') void copyText(text, { copied: t('share.copiedForSite'), failed: t('copyFailed') });
    record(action);
  };

  const shareNatively = (action: ShareAction) => {
    navigator
      .share({ title: survey?.name ?? '', text })
      .then(() => record(action))
      // The guest closing the share sheet is not a failure; anything else leaves the other ways.
      .catch(() => undefined);
  };

  return (
    <div className="step">
      <div className="step__card step__card--stack">
        <h1 className="step__title sharing__title">{t('share.title')}</h1>
        <section aria-labelledby="sharing-summary" className="sharing__section">
          <h2 id="sharing-summary" className="sharing__subtitle">
            {t('summary.title')}
          </h2>
          <SummaryView items={items} />
        </section>
        {review !== '' && (
          <section aria-labelledby="sharing-review" className="sharing__section">
            <h2 id="sharing-review" className="sharing__subtitle">
              {t('share.reviewTitle')}
            </h2>
            <p className="sharing__review">{review}</p>
            <Link className="button button--secondary button--small" to={RoutePath.RECOMMEND}>
              {t('share.editReview')}
            </Link>
          </section>
        )}
        <section aria-labelledby="sharing-ways" className="sharing__section">
          <h2 id="sharing-ways" className="sharing__subtitle">
            {t('share.waysTitle')}
          </h2>
          {actions.some((action) => action.kind === 'site') && <p>{t('share.siteHint')}</p>}
          <ul className="sharing__ways">
            {actions.map((action) => (
              <li key={action.kind === 'site' ? `site-${action.href}` : action.kind}>
                {action.kind === 'native' ? (
                  <Button variant="secondary" onClick={() => shareNatively(action)}>
                    {t('share.native')}
                  </Button>
                ) : (
                  <a
                    className="button button--secondary sharing__link"
                    href={action.href}
                    // Web pages open in a new tab that cannot reach back to this one; mail opens the mail app.
                    {...(action.kind === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                    onClick={() => (action.kind === 'site' ? openSite(action) : record(action))}
                  >
                    {action.kind === 'site'
                      ? t('share.site', { site: t(`sites.${action.site}`) })
                      : t(`share.${action.kind}`)}
                    {action.kind !== 'email' && <span className="visually-hidden"> {t('share.newTab')}</span>}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
        <Button onClick={next}>{t('share.done')}</Button>
      </div>
    </div>
  );
}
