import { CHECKIN_SEGMENT, CheckinPath } from '@venue-voice/domain';
import type { RouteObject } from 'react-router';
import { CheckinLayout } from '../../features/checkin/checkin-layout';
import type { RouteHandle } from '../root-layout';

const title = (key: string): RouteHandle => ({ title: `checkin:titles.${key}` });
/** The step's path inside /check_in ('/check_in/find_venue' → 'find_venue'). */
const step = (path: CheckinPath) => path.slice(CHECKIN_SEGMENT.length + 2);

/**
 * The guest check-in steps of G2 (the team_member_* steps are app mode, part of the device screens).
 * Each screen loads on demand: a guest sees two or three of them, and the first screen a guest opens
 * (the venue address) must stay small.
 */
export const checkinRoutes: RouteObject = {
  path: CHECKIN_SEGMENT,
  Component: CheckinLayout,
  children: [
    {
      path: step(CheckinPath.FIND_VENUE),
      handle: title('findVenue'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/find-venue/find-venue-screen')).FindVenueScreen,
      }),
    },
    ...[CheckinPath.LIST_NEARBY_LOCATIONS, CheckinPath.LOCATION_CHECK_IN].map((path) => ({
      path: step(path),
      handle: title('nearby'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/find-venue/find-venue-screen'))
          .NearbyLocationsScreen,
      }),
    })),
    {
      path: step(CheckinPath.ABOUT_VISIT),
      handle: title('aboutVisit'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/about-visit/about-visit-screen')).AboutVisitScreen,
      }),
    },
    {
      path: step(CheckinPath.GUEST_RECEIPT_PIN_ENTRY),
      handle: title('pinEntry'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/receipt-entry/pin-entry-screen')).PinEntryScreen,
      }),
    },
    {
      path: step(CheckinPath.GUEST_TABLE_NUMBER_ENTRY),
      handle: title('tableEntry'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/receipt-entry/pin-entry-screen'))
          .TableNumberEntryScreen,
      }),
    },
    {
      path: step(CheckinPath.DIGITAL_RECEIPT),
      handle: title('digitalReceipt'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/digital-receipt/digital-receipt-screen'))
          .DigitalReceiptScreen,
      }),
    },
    {
      path: step(CheckinPath.GET_STARTED),
      handle: title('getStarted'),
      lazy: async () => ({
        Component: (await import('../../features/checkin/get-started/get-started-screen')).GetStartedScreen,
      }),
    },
  ],
};
