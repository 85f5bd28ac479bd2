import {
  type AfterSurveyOptions,
  type AfterSurveyStep,
  afterSurveyEntry,
  isFlagOn,
  isRecommendationPermitted,
  nextAfterSurvey,
  RoutePath,
} from '@venue-voice/domain';
import { useCallback, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { isAppMode } from '../platform/device-session';
import { type GuestSession, useGuestSession } from './session/session-store';

/**
 * G2.40, G4.66: what the guest's survey offers after the questions. A tablet never offers recommend and
 * share; on the web the survey's switch and the in-branch flag decide (whatever the score: decision 0003).
 */
export function afterSurveyOptions(session: Pick<GuestSession, 'config' | 'urlParams'>): AfterSurveyOptions {
  const survey = session.config?.surveys?.[0];
  return {
    recommend:
      Boolean(survey?.recommendation.enabled) &&
      isRecommendationPermitted({ appMode: isAppMode(), inBranch: isFlagOn(session.urlParams.inBranch) }),
  };
}

/** The current step's path as the domain names it (paths match case-insensitively, G2.1). */
const stepOf = (pathname: string): AfterSurveyStep =>
  (pathname.replace(/\/+$/, '').toLowerCase() || RoutePath.THANK_YOU) as AfterSurveyStep;

/**
 * G2.41, G2.42, G2.43: the steps after the questions check the session once per navigation: nothing to send
 * goes back to the venue's entry, a step that needs the response's credentials before the submit
 * answered goes to /checkout, and a step the survey does not offer to the next one it does.
 */
export function AfterSurveyGuard() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one decision per navigation (location.key).
  const target = useMemo(() => {
    const session = useGuestSession.getState();
    const step = stepOf(location.pathname);
    const decision = afterSurveyEntry(
      step,
      {
        hasPayload: session.createPayload !== null,
        submitted: session.submitted !== null,
        appMode: isAppMode(),
        savedOnDevice: session.savedOnDevice,
      },
      afterSurveyOptions(session),
    );
    if (decision === 'entry') return session.slug ? `/${session.slug}` : RoutePath.HOME;
    return decision === step ? null : decision;
  }, [location.key]);
  if (target) return <Navigate to={target} replace />;
  return <Outlet />;
}

/** G2.40: a function that moves the guest on from `current` to the next step the survey offers. */
export function useNextStep(current: AfterSurveyStep): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    navigate(nextAfterSurvey(current, afterSurveyOptions(useGuestSession.getState())));
  }, [navigate, current]);
}

/** The response's credentials once the create was answered (upload, prompt, track, supplements need them). */
export function useResponseCredentials(): { id: number; secret: string } | null {
  const submitted = useGuestSession((session) => session.submitted);
  return useMemo(() => (submitted ? { id: submitted.id, secret: submitted.secret } : null), [submitted]);
}

/**
 * App mode (D4.36, G2.43): the response's guid, under which its supplement, photo and photo delete go
 * through the tablet's queue, whether the server answered the create or it is still saved there. Null on
 * the web, and on a tablet before the create was stored.
 */
export function useQueuedResponse(): string | null {
  const guid = useGuestSession((session) =>
    session.submitted !== null || session.savedOnDevice ? (session.createPayload?.guid ?? null) : null,
  );
  return isAppMode() ? guid : null;
}
