import { type RouteDecision, RoutePath, SLUG_ERRORS, type SlugError } from '@venue-voice/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logError } from '../../platform/log';
import { hardRedirect, NOT_FOUND_PATH } from '../../platform/navigation';
import { type GuestSession, useGuestSession } from '../../shared/session/session-store';
import { checkinDoneDecision, startChanges } from './checkin-flow';

/** G8: a slug error is logged, then the browser leaves for /error-404 with a full page load. */
export function leaveForNotFound(error: SlugError, context: Record<string, unknown> = {}): void {
  logError(SLUG_ERRORS[error].log, context);
  hardRedirect(NOT_FOUND_PATH);
}

/** Carries out a routing decision of the domain; reaching /questions starts the survey first. */
export function usePerformDecision() {
  const navigate = useNavigate();
  return useCallback(
    (decision: RouteDecision, options: { replace?: boolean; state?: unknown } = {}) => {
      if (decision.type === 'stay') return;
      if (decision.type === 'notFound') {
        leaveForNotFound(decision.error, { slug: useGuestSession.getState().slug });
        return;
      }
      if (decision.to === RoutePath.QUESTIONS) {
        const { update, ...session } = useGuestSession.getState();
        update(startChanges(session, new Date()));
      }
      void navigate(decision.to, options);
    },
    [navigate],
  );
}

/** Ends a check-in step: stores what it found, then goes where the domain says (G2.23–G2.25). */
export function useFinishStep() {
  const perform = usePerformDecision();
  return useCallback(
    (changes: Partial<GuestSession> = {}) => {
      useGuestSession.getState().update(changes);
      perform(checkinDoneDecision(useGuestSession.getState(), new Date()));
    },
    [perform],
  );
}
