import { demographicFieldsOf, RoutePath, type Survey } from '@venue-voice/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { prepareBotProtection } from '../../platform/bot-protection';
import { isAppMode } from '../../platform/device-session';
import { logError } from '../../platform/log';
import { useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { pushError } from '../../ui/error-queue';
import { LoadingStatus } from '../../ui/loading-status';
import { canContinue } from './answers';
import { DemographicsScreen } from './demographics-screen';
import { finishPayload } from './finish';
import { runProgress } from './progress';
import { questionsEvent } from './questions-analytics';
import { QuizScreen } from './quiz-screen';
import { useStaffMembers } from './staff/use-staff-members';
import { currentContent } from './survey-run';
import { useScreenHistory } from './use-screen-history';
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
  // Downloaded from the first screen on, so the team is there when the staff question comes.
  const staff = useStaffMembers(survey);
  // The company's fields; a survey of its own asks its own instead (O15.34). The selector returns the
  // stored object itself: a new list per call would re-render without end.
  const companyDemographics = useGuestSession((session) => session.config?.demographics);

  // A reload lands here in the default language: go back to the survey's own (G1).
  useSurveyLanguage(survey.templateLocale);

  const done = run?.phase === 'done';
  // Back and Previous (decision 0177): one browser history entry per screen.
  const position = run && !done ? run.history.length : null;
  const goBack = useScreenHistory({
    position,
    toScreen: (screen) => dispatch({ type: 'previous', to: screen }),
    forward: () => {
      const content = run ? currentContent(run) : null;
      if (!run || !content) return false;
      const byId = new Map(run.engine.questions.map((question) => [question.id, question]));
      if (!canContinue(content, run.draft, byId)) return false;
      dispatch({ type: 'next' });
      return true;
    },
  });
  const onPrevious = position ? goBack : undefined;

  // The bot check's script (when the build has a site key) loads while the guest answers, so the token
  // at checkout does not wait for it; tablets are not checked (decision 0200).
  useEffect(() => {
    if (!isAppMode()) prepareBotProtection();
  }, []);

  // G7: leaving the page (closed, reloaded, sent to the background) with the survey unfinished.
  const leftOn = useRef(run);
  leftOn.current = run;
  useEffect(() => {
    if (done) return;
    const onPageHide = () => {
      if (leftOn.current && leftOn.current.phase !== 'done') questionsEvent('leave-survey', leftOn.current);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [done]);

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
    navigate(RoutePath.CHECKOUT, { replace: true });
  }, [done, run, navigate, t]);

  if (!run || done) {
    return (
      <div className="page page--centred">
        <LoadingStatus label={t('loading')} />
      </div>
    );
  }
  const progress = runProgress(run);
  if (run.phase === 'demographics') {
    return (
      <DemographicsScreen
        run={run}
        // The run's survey: the version and language the guest started on (decision 0256, O15.23).
        fields={demographicFieldsOf(run.engine.survey, companyDemographics)}
        dispatch={dispatch}
        onPrevious={onPrevious}
        progress={progress}
      />
    );
  }
  const content = currentContent(run);
  if (!content) return null;
  return (
    <QuizScreen
      key={run.step}
      run={run}
      content={content}
      staff={staff}
      dispatch={dispatch}
      onPrevious={onPrevious}
      progress={progress}
    />
  );
}
