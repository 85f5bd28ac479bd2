import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../ui/loading-status';

/** Shown while the first screen of a page load is still downloading (lazy routes). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <main className="page page--centred">
      <LoadingStatus label={t('app.loading')} />
    </main>
  );
}
