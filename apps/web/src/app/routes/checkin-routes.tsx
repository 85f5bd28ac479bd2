import { CHECKIN_SEGMENT, CheckinPath } from '@venue-voice/domain';
import type { RouteObject } from 'react-router';
import { CheckinLayout } from '../../features/checkin/checkin-layout';
import { checkinScreens, type GuestStep } from '../../features/checkin/checkin-screens';
import type { RouteHandle } from '../root-layout';

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

/** A guest step's route: its title, and its screen's code from checkin-screens.ts, which preloads it too. */
const screen = (path: GuestStep): RouteObject => ({
  path: step(path),
  handle: title(TITLES[path]),
  lazy: async () => ({ Component: await checkinScreens[path]() }),
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
