import { demographicFieldsOf, localDateTimeAt, type Survey } from '@venue-voice/domain';
import { useCallback, useEffect } from 'react';
import { useGuestSession } from '../../shared/session/session-store';
import { questionsEvent, trackAction } from './questions-analytics';
import { type RunAction, runReducer, type SurveyRun, startRun, storedRun } from './survey-run';

/** A fresh 32-bit seed for a new run's order (G4.11 tie-breaks); stored with the run. */
const newSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;

/**
 * The survey run of the session (shared/session), started on first use. Every action goes through
 * `runReducer` into the session store, so the store is the one copy and a reload resumes the run.
 * The questions' analytics events (G7) are recorded here, where the run starts and moves.
 */
export function useSurveyRun(survey: Survey): { run: SurveyRun | null; dispatch(action: RunAction): void } {
  const run = storedRun(useGuestSession((session) => session.surveyRun));

  useEffect(() => {
    const session = useGuestSession.getState();
    if (storedRun(session.surveyRun) !== null) return;
    const now = new Date();
    const started = startRun({
      survey,
      questions: (session.config?.questions ?? []).filter(
        (question) => question.templateId === survey.templateId,
      ),
      visit: {
        transaction: session.transaction,
        // Without about-visit and a visit time, the submit's visit is the caller's: now (G2.25).
        visitDateTime: session.visitDateTime ?? localDateTimeAt(now),
      },
      seed: newSeed(),
      // The survey's own fields, else the company's (O15.34): the same the demographics screen shows.
      hasDemographics: demographicFieldsOf(survey, session.config?.demographics).length > 0,
      startedAt: session.startTime ?? localDateTimeAt(now),
    });
    session.update({ surveyRun: started });
    // G7: once per run (a reload resumes it and finds it stored above), as its first screen shows.
    questionsEvent('start-questions', started);
  }, [survey]);

  const dispatch = useCallback((action: RunAction) => {
    const session = useGuestSession.getState();
    const current = storedRun(session.surveyRun);
    if (current === null) return;
    trackAction(current, action);
    session.update({ surveyRun: runReducer(current, action) });
  }, []);

  return { run, dispatch };
}
