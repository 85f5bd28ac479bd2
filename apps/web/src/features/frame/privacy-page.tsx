import {
  CONTACT_DATA_RETENTION_DAYS,
  PRIVACY_NOTICE_DATE,
  PRIVACY_NOTICE_VERSION,
} from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useGuestSession } from '../../shared/session/session-store';
import './pages.css';

/** '2025-03' → 'March 2025' in the page's language. */
function monthYear(yearMonth: string, language: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * The app's own privacy notice (G1: version 2.6, March 2025; feedback stored anonymised; contact
 * details deleted after 7 days), linked when a venue names no policy of its own (decision 0070). The
 * retention is the venue's when its settings are known: that is what the server purges by.
 */
export function PrivacyPage() {
  const { t, i18n } = useTranslation('frame');
  const statics = useGuestSession((session) => session.config?.statics);
  const days = statics?.contactDataRetentionDays ?? CONTACT_DATA_RETENTION_DAYS;
  return (
    <main className="page page--centred">
      <article className="card info-page">
        <h1 className="venue__title">{t('privacy.title')}</h1>
        <p className="info-page__meta">
          {t('privacy.version', {
            version: PRIVACY_NOTICE_VERSION,
            date: monthYear(PRIVACY_NOTICE_DATE, i18n.language),
          })}
        </p>
        <p>{t('privacy.anonymised')}</p>
        <p>{t('privacy.contactDetails', { count: days })}</p>
        <p>{t('privacy.questions')}</p>
      </article>
    </main>
  );
}
