import type { Survey } from '@venue-voice/domain';
import { configFetchedDecision, usePerformDecision } from '../../features/checkin';
import { StaffScreen } from '../../features/device';
import { useDevice } from '../../platform/device-session';
import { useGuestSession } from '../../shared/session/session-store';

/**
 * /staff with Start survey wired to the guest flow (D2, G2 in app mode): the guest session is set up
 * for the tablet's survey — its config without the staff PIN codes (the guest flow keeps the guest's
 * shape, decision 0011), the device's branch, a fresh check-in — and the domain decides the first
 * step, as after a guest's config download.
 */
export function StaffRoute() {
  const perform = usePerformDecision();
  const start = (survey: Survey) => {
    const { config, branchId } = useDevice.getState().state;
    const { staff: _withPins, ...shared } = config ?? {};
    useGuestSession
      .getState()
      .reset({ slug: survey.slug, branchId, config: { ...shared, surveys: [survey] } });
    perform(configFetchedDecision(useGuestSession.getState(), new Date()));
  };
  return <StaffScreen onStartSurvey={start} />;
}
