import { RoutePath, type SurveyPreviewAnswer } from '@venue-voice/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useApi } from '../../platform/api-context';
import { isAppMode } from '../../platform/device-session';
import { setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { LoadingStatus } from '../../ui/loading-status';
import { followEditor } from './editor-channel';
import { answerWritesLocally } from './preview-api';
import {
  EDITOR_PREVIEW,
  fetchPreview,
  fromEditor,
  previewRequest,
  startPreviewVisit,
} from './preview-session';

/** Counts the previews started, so one whose language loaded late does not replace a newer one. */
let started = 0;

/**
 * /preview (decision 0258): the console's preview frame. It fetches the survey's preview config (or, as
 * `?which=editor`, takes each one the console's editor sends: decision 0259), makes the page's writes
 * local, starts a visit and hands over to the guest's own /questions and the steps after.
 */
export function PreviewPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  // useLocation, not useSearchParams: the guest's first screen already holds it (the framework chunk).
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);

  const start = async (answer: SurveyPreviewAnswer) => {
    const mine = ++started;
    await setLanguage(answer.language);
    if (mine !== started) return;
    startPreviewVisit(answer, new Date());
    navigate(RoutePath.QUESTIONS, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one start per page; the console reloads the frame to change it (or, from the editor, sends the next preview).
  useEffect(() => {
    const params = new URLSearchParams(search);
    const request = previewRequest(params);
    const editor = fromEditor(params);
    // A registered tablet sends a finished survey through its offline queue, not the API this page
    // answers locally: on such a browser the preview does not start.
    if ((!request && !editor) || isAppMode()) {
      setFailed(true);
      return;
    }
    answerWritesLocally(api);
    const failure = (error: unknown) => {
      logError('The preview could not start', { error: String(error) });
      setFailed(true);
    };
    if (editor) {
      // The router's navigate outlives this page: a preview sent while a guest screen shows comes back here.
      return followEditor(
        (answer) => void start(answer).catch(failure),
        () => void navigate(EDITOR_PREVIEW, { replace: true }),
      );
    }
    let current = true;
    fetchPreview(request as NonNullable<typeof request>)
      .then(async (answer) => {
        if (current) await start(answer);
      })
      .catch((error: unknown) => {
        if (current) failure(error);
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
