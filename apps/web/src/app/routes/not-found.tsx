import { useTranslation } from 'react-i18next';

/** /error-404: where unknown, missing or malformed survey addresses end (G2, G8). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="page page--centred">
      <div className="card">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.hint')}</p>
      </div>
    </main>
  );
}
