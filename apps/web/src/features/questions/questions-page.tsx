import { RoutePath, type Survey } from '@venue-voice/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { matchLanguage, setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { pushError } from '../../ui/error-queue';
import { LoadingStatus } from '../../ui/loading-status';
import { useGuestSession } from '../session/session-store';
import { DemographicsScreen } from './demographics-screen';
import { finishPayload } from './finish';
import { QuizScreen } from './quiz-screen';
import { currentContent } from './survey-run';
import { useSurveyRun } from './use-survey-run';
import './questions.css';

/**
 * /questions (G2): the survey in progress, screen by screen. The route's guard has already sent a
 * guest without a survey in progress or an unfinished check-in elsewhere (G2.28, G2.29); this screen
 * only double-checks that it has a survey to run.
 */
export function QuestionsPage() {
  const config = useGuestSession((session) => session.config);
  const inProgress = useGuestSession((session) => session.surveyInProgress);
  const survey = config?.surveys?.find((candidate) => candidate.templateId === inProgress);
  if (!survey) return <Navigate to={RoutePath.HOME} replace />;
  return <SurveyRunScreen survey={survey} />;
}

function SurveyRunScreen({ survey }: { survey: Survey }) {
  const { t } = useTranslation('questions');
  const navigate = useNavigate();
  const { run, dispatch } = useSurveyRun(survey);
  const fields = useGuestSession((session) => session.config?.demographics?.fields ?? []);

  // A reload lands here in the default language: go back to the survey's own (G1).
  useEffect(() => {
    const language = matchLanguage([survey.templateLocale]);
    if (language) void setLanguage(language);
  }, [survey.templateLocale]);

  const done = run?.phase === 'done';
  useEffect(() => {
    if (!done) return;
    const session = useGuestSession.getState();
    const current = run;
    if (!current) return;
    if (session.createPayload === null) {
      try {
        const createPayload = finishPayload(
          current,
          { ...session, guid: session.guid ?? crypto.randomUUID() },
          new Date(),
          navigator.userAgent,
        );
        session.update({ createPayload, guid: createPayload.guid });
      } catch (error) {
        // A payload the schema refuses is a bug: say so, and keep the answers for a retry.
        logError('The survey answers could not be prepared', { error: String(error) });
        pushError({ message: t('finishFailed'), trace: String(error) });
        return;
      }
    }
    navigate(RoutePath.THANK_YOU, { replace: true });
  }, [done, run, navigate, t]);

  if (!run || done) {
    return (
      <div className="page page--centred">
        <LoadingStatus label={t('loading')} />
      </div>
    );
  }
  if (run.phase === 'demographics')
    return <DemographicsScreen run={run} fields={fields} dispatch={dispatch} />;
  const content = currentContent(run);
  if (!content) return null;
  return <QuizScreen key={run.step} run={run} content={content} dispatch={dispatch} />;
}
