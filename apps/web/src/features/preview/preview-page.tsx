import { RoutePath } from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useApi } from '../../platform/api-context';
import { isAppMode } from '../../platform/device-session';
import { setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { LoadingStatus } from '../../ui/loading-status';
import { answerWritesLocally } from './preview-api';
import { fetchPreview, previewRequest, startPreviewVisit } from './preview-session';

/**
 * /preview (decision 0258): the console's preview frame. It fetches the survey's preview config, makes the
 * page's writes local, starts a visit and hands over to the guest's own /questions and the steps after.
 */
export function PreviewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  // useLocation, not useSearchParams: the guest's first screen already holds it (the framework chunk).
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one start per page; the console reloads the frame to change it.
  useEffect(() => {
    const request = previewRequest(new URLSearchParams(search));
    // A registered tablet sends a finished survey through its offline queue, not the API this page
    // answers locally: on such a browser the preview does not start.
    if (!request || isAppMode()) {
      setFailed(true);
      return;
    }
    let current = true;
    answerWritesLocally(api);
    fetchPreview(request)
      .then(async (answer) => {
        await setLanguage(answer.language);
        if (!current) return;
        startPreviewVisit(answer, new Date());
        navigate(RoutePath.QUESTIONS, { replace: true });
      })
      .catch((error: unknown) => {
        logError('The preview could not start', { error: String(error) });
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, []);

  return (
    <main className="page page--centred">
      {failed ? <p role="alert">{t('app.unexpectedError')}</p> : <LoadingStatus label={t('app.loading')} />}
    </main>
  );
}

/** React Router's lazy route takes the module as it is: the route's code costs the guest's bundle least. */
export { PreviewPage as Component };
