import { SLUG_ERRORS } from '@venue-voice/domain';
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { HardRedirect } from '../../platform/hard-redirect';
import { NOT_FOUND_PATH } from '../../platform/navigation';
import { useGuestSession } from '../../shared/session/session-store';
import { enterDecision } from './checkin-flow';

/**
 * Guards the routes the domain has entry rules for (check-in steps, /questions): a check_in page gets
 * the stored slug (G2.26), /questions without a survey in progress goes back to the entry (G2.28) or to
 * the step still needed (G2.29). Decided once per navigation, like a loader: a screen that changes the
 * session while it is open (the questions screen ending the survey) is not pulled away by this guard.
 */
export function EntryGuard() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one decision per navigation (location.key).
  const decision = useMemo(
    () =>
      enterDecision(
        useGuestSession.getState(),
        { path: location.pathname, search: location.search },
        new Date(),
      ),
    [location.key],
  );
  if (decision.type === 'navigate') return <Navigate to={decision.to} replace />;
  if (decision.type === 'notFound') {
    return <HardRedirect to={NOT_FOUND_PATH} reason={SLUG_ERRORS[decision.error].log} />;
  }
  return <Outlet />;
}
