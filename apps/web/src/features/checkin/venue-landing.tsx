import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import type { VenueConfig } from '../../platform/api';
import { isUnknownSlug } from '../../platform/api-failure';
import { HardRedirect } from '../../platform/hard-redirect';
import { matchLanguage, setLanguage } from '../../platform/i18n';
import { NOT_FOUND_PATH } from '../../platform/navigation';
import { LoadingStatus } from '../../ui/loading-status';
import { brandingStyle, safeImageUrl } from './branding';
import { useSurveyConfig } from './use-survey-config';
import { parseVenueAddress } from './venue-address';

/** Entry of the guest flow: /:slug, /:slug/:pin and /:slug/(pin|pve)/:value (G2). */
export function VenueLanding() {
  const params = useParams();
  const { search } = useLocation();
  const address = parseVenueAddress(params, search);
  if (!address) {
    return <HardRedirect to={NOT_FOUND_PATH} reason="Bad survey tag used" context={{ params }} />;
  }
  return <VenueScreen slug={address.slug} />;
}

function VenueScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const config = useSurveyConfig(slug);
  const survey = config.data?.surveys[0];
  const templateLocale = survey?.templateLocale;

  // G1: the survey's language is its first survey's templateLocale.
  useEffect(() => {
    const language = matchLanguage([templateLocale]);
    if (language) void setLanguage(language);
  }, [templateLocale]);

  if (config.isPending) {
    return (
      <main className="page page--centred">
        <LoadingStatus label={t('app.loading')} />
      </main>
    );
  }
  if (config.isError) {
    if (isUnknownSlug(config.error)) {
      return <HardRedirect to={NOT_FOUND_PATH} reason="Bad survey tag used" context={{ slug }} />;
    }
    return (
      <main className="page page--centred">
        <div className="card" role="alert">
          <p>{t('api.responseError')}</p>
          <button type="button" className="button" onClick={() => void config.refetch()}>
            {t('app.retry')}
          </button>
        </div>
      </main>
    );
  }
  if (!survey) {
    // A slug with no survey behind it is as good as unknown (G8: a missing match leads to 404).
    return <HardRedirect to={NOT_FOUND_PATH} reason="Bad survey tag used" context={{ slug }} />;
  }
  return <VenueWelcome config={config.data} />;
}

function VenueWelcome({ config }: { config: VenueConfig }) {
  const { t } = useTranslation();
  const survey = config.surveys[0];
  if (!survey) return null;
  const base = window.location.href;
  const logo = safeImageUrl(survey.branding?.logoImage, base);
  const companyName = config.company?.name;
  return (
    <div className="venue" data-testid="venue" style={brandingStyle(survey.branding, base)}>
      <header className="venue__header">
        {logo ? (
          <img
            className="venue__logo"
            src={logo}
            alt={t('venue.logoAlt', { name: companyName ?? survey.name })}
          />
        ) : (
          companyName && <p className="venue__company">{companyName}</p>
        )}
      </header>
      <main className="venue__main">
        <div className="card">
          <h1 className="venue__title">{survey.name}</h1>
          <p>{t('venue.intro')}</p>
        </div>
      </main>
    </div>
  );
}
