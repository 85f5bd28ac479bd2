import { CHECKIN_SEGMENT, CheckinPath } from '@venue-voice/domain';
import { type ComponentType, lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { CheckinLayout, type GuestStep, loadedScreen, loadScreen } from '../../features/checkin';
import type { RouteHandle } from '../root-layout';
import { PageLoading } from './page-loading';

const title = (key: string): RouteHandle => ({ title: `checkin:titles.${key}` });
/** The step's path inside /check_in ('/check_in/find_venue' → 'find_venue'). */
const step = (path: CheckinPath) => path.slice(CHECKIN_SEGMENT.length + 2);

/** The guest steps in route order, with the key of each one's title. */
const TITLES: Record<GuestStep, string> = {
  [CheckinPath.FIND_VENUE]: 'findVenue',
  [CheckinPath.LIST_NEARBY_LOCATIONS]: 'nearby',
  [CheckinPath.LOCATION_CHECK_IN]: 'nearby',
  [CheckinPath.ABOUT_VISIT]: 'aboutVisit',
  [CheckinPath.GUEST_RECEIPT_PIN_ENTRY]: 'pinEntry',
  [CheckinPath.GUEST_TABLE_NUMBER_ENTRY]: 'tableEntry',
  [CheckinPath.DIGITAL_RECEIPT]: 'digitalReceipt',
  [CheckinPath.GET_STARTED]: 'getStarted',
};

/**
 * A step's screen: at once when its code has arrived (the setup preloads the first step's), else
 * under Suspense with the page's loading status (an address typed in, a later step).
 */
function StepScreen({ path, Lazy }: { path: GuestStep; Lazy: ComponentType }) {
  const Screen = loadedScreen(path);
  if (Screen) return <Screen />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Lazy />
    </Suspense>
  );
}

/**
 * A guest step's route: its title and its screen. Not react-router's `lazy`: with it the router renders
 * the whole page once more in its "loading" state and the screen in a task of its own, even when the
 * setup preloaded the code (decision 0166).
 */
const screen = (path: GuestStep): RouteObject => ({
  path: step(path),
  handle: title(TITLES[path]),
  // One React.lazy per step, made with its route: a new one per render would load and mount it again.
  element: <StepScreen path={path} Lazy={lazy(async () => ({ default: await loadScreen(path) }))} />,
});

/**
 * The guest check-in steps of G2 (the team_member_* steps are app mode, part of the device screens).
 * Each screen loads on demand (checkin-screens.ts).
 */
export const checkinRoutes: RouteObject = {
  path: CHECKIN_SEGMENT,
  Component: CheckinLayout,
  children: (Object.keys(TITLES) as GuestStep[]).map(screen),
};
