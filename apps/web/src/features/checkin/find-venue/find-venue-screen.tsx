import { CheckinPath } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Coordinates } from '../../../platform/api';
import { currentPosition, type LocationProblem, locationProblemOf } from '../../../platform/geolocation';
import { useGuestSession } from '../../../shared/session/session-store';
import { LoadingStatus } from '../../../ui/loading-status';
import { useFinishStep } from '../use-route-decision';
import { BranchList } from './branch-list';
import { useBranches } from './use-branches';

/** Navigation state of list_nearby_locations: the position stays in memory, never in the address. */
interface NearbyState {
  near?: Coordinates;
}

/** "Use my location": asks the browser, then shows the venues nearest first. */
function useLocate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<LocationProblem | null>(null);
  const locate = async () => {
    setLocating(true);
    setProblem(null);
    try {
      const near = await currentPosition();
      const state: NearbyState = { near };
      void navigate(`${CheckinPath.LIST_NEARBY_LOCATIONS}${search}`, { state });
    } catch (error) {
      setProblem(locationProblemOf(error));
    } finally {
      setLocating(false);
    }
  };
  return { locate, locating, problem };
}

function LocateButton({ locate, locating, problem }: ReturnType<typeof useLocate>) {
  const { t } = useTranslation('checkin');
  return (
    <>
      <button
        type="button"
        className="button ck-button--wide"
        onClick={() => void locate()}
        disabled={locating}
        aria-describedby={problem ? 'location-problem' : undefined}
      >
        {locating ? t('findVenue.locating') : t('findVenue.useLocation')}
      </button>
      {problem && (
        <p id="location-problem" className="ck-notice" role="alert">
          {t(`findVenue.problem.${problem}`)}
        </p>
      )}
    </>
  );
}

/** The venue list of a query: loading, failure with a retry, or the choices. */
function Branches({ near, label }: { near: Coordinates | null; label: string }) {
  const { t } = useTranslation();
  const slug = useGuestSession((session) => session.slug) ?? '';
  const branches = useBranches(slug, near);
  const finish = useFinishStep();
  if (branches.isPending) return <LoadingStatus label={t('app.loading')} />;
  if (branches.isError) {
    return (
      <div role="alert">
        <p>{t('api.responseError')}</p>
        <button type="button" className="button" onClick={() => void branches.refetch()}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  return (
    <BranchList
      branches={branches.data}
      label={label}
      onChoose={(branch) => finish({ branchId: branch.id })}
    />
  );
}

/** /check_in/find_venue: pick the venue from the survey's list, or find the nearest by location. */
export function FindVenueScreen() {
  const { t } = useTranslation('checkin');
  const location = useLocate();
  return (
    <div className="card ck-stack">
      <h1>{t('findVenue.title')}</h1>
      <p>{t('findVenue.intro')}</p>
      <LocateButton {...location} />
      <h2 className="ck-section-title">{t('findVenue.allVenues')}</h2>
      <Branches near={null} label={t('findVenue.allVenues')} />
    </div>
  );
}

/** /check_in/list_nearby_locations: the venues nearest first, once the guest shared a position. */
export function NearbyLocationsScreen() {
  const { t } = useTranslation('checkin');
  const { state, search } = useLocation();
  const near = (state as NearbyState | null)?.near ?? null;
  const location = useLocate();
  const navigate = useNavigate();
  return (
    <div className="card ck-stack">
      <h1>{t('findVenue.nearbyTitle')}</h1>
      {near ? (
        <Branches near={near} label={t('findVenue.nearbyTitle')} />
      ) : (
        <>
          <p>{t('findVenue.nearbyIntro')}</p>
          <LocateButton {...location} />
        </>
      )}
      <button
        type="button"
        className="button ck-button--secondary"
        onClick={() => void navigate(`${CheckinPath.FIND_VENUE}${search}`)}
      >
        {t('findVenue.showAll')}
      </button>
    </div>
  );
}
