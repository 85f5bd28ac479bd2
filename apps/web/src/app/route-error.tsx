import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { logError } from '../platform/log';

/** Last line of defence for a screen that throws while rendering: a message and a way out. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    logError('Screen failed to render', { error: error instanceof Error ? error.message : String(error) });
  }, [error]);
  return (
    <main className="page page--centred">
      <div className="card" role="alert">
        <p>{t('app.unexpectedError')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('app.retry')}
        </button>
      </div>
    </main>
  );
}
