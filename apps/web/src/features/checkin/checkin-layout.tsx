import { SLUG_ERRORS } from '@venue-voice/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { preloadSchemas } from '../../platform/api';
import { HardRedirect } from '../../platform/hard-redirect';
import { NOT_FOUND_PATH } from '../../platform/navigation';
import { useGuestSession } from '../../shared/session/session-store';
import { useSurveyLanguage } from '../../shared/use-survey-language';
import { setupDecision } from './checkin-flow';
import { useFirstTouch } from './use-first-touch';
import { VenueFrame } from './venue-frame';

/**
 * Frame of every /check_in step. A step needs this tab's setup of the slug it names; without one (a new
 * tab, or a step of another venue) the guest goes to that venue's entry, which sets it up (G2.27).
 */
export function CheckinLayout() {
  const config = useGuestSession((session) => session.config);
  const slug = useGuestSession((session) => session.slug);
  const { search } = useLocation();
  const asked = new URLSearchParams(search).get('slug');
  useSurveyLanguage(config?.surveys?.[0]?.templateLocale);
  // zod and the schemas (the PIN lookup's parse) load on first touch, not with the first screen.
  useFirstTouch(preloadSchemas);

  if (!config?.surveys?.[0] || (asked !== null && asked !== slug)) {
    const decision = setupDecision(useGuestSession.getState(), search, new Date());
    if (decision.type === 'navigate') return <Navigate to={decision.to} replace />;
    const reason = decision.type === 'notFound' ? SLUG_ERRORS[decision.error].log : undefined;
    return <HardRedirect to={NOT_FOUND_PATH} reason={reason} context={{ search }} />;
  }
  return (
    <VenueFrame config={config}>
      <Outlet />
    </VenueFrame>
  );
}
