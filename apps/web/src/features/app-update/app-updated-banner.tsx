import { APP_VERSION, isAppUpdatedBannerOpen } from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeRefreshFlag } from '../../platform/pwa';
import { Button } from '../../ui/button';
import './app-update.css';

/**
 * The 'app updated' banner (D4.52, G9.2): after the reload an update caused, dismissible, closing
 * itself after 5000 ms. The refresh flag is read once per page load, so a later reload shows nothing.
 */
export function AppUpdatedBanner() {
  const { t } = useTranslation('app-update');
  const [{ showBanner, bannerMs }] = useState(takeRefreshFlag);
  const [shownAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(false);
  const [now, setNow] = useState(shownAt);
  useEffect(() => {
    if (!showBanner) return;
    const timer = window.setTimeout(() => setNow(Date.now()), bannerMs);
    return () => window.clearTimeout(timer);
  }, [showBanner, bannerMs]);
  if (!showBanner || !isAppUpdatedBannerOpen(shownAt, now, dismissed)) return null;
  return (
    <section className="app-updated-banner" aria-label={t('banner.label')}>
      <p role="status">{t('banner.text', { version: APP_VERSION })}</p>
      <Button variant="secondary" onClick={() => setDismissed(true)}>
        {t('banner.dismiss')}
      </Button>
    </section>
  );
}
