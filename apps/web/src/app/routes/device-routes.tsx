import { CHECKIN_SEGMENT, CheckinPath, RoutePath } from '@venue-voice/domain';
import { Navigate, type RouteObject } from 'react-router';
import { CheckinLayout, loadPinEntryScreen } from '../../features/checkin';
import { loadRegisterScreen, loadTabletStyles } from '../../features/device';
import { loadManageTeamScreen } from '../../features/team';
import { isAppMode } from '../../platform/device-session';
import { loadTabletTexts } from '../../platform/i18n';
import type { RouteHandle } from '../root-layout';
import { NoSlugRedirect } from './no-slug';

const title = (key: string): RouteHandle => ({ title: `device:titles.${key}` });
const step = (path: CheckinPath) => path.slice(CHECKIN_SEGMENT.length + 2);

/** A tablet screen's code with its texts (a registered tablet has them already: the device shell). */
const withTabletTexts = async <T,>(code: Promise<T>): Promise<T> =>
  (await Promise.all([code, loadTabletTexts()]))[0];

/** `/`: a registered tablet goes to its staff area (G2.32 through the entry guard); the web has no home. */
export function HomeRoute() {
  return isAppMode() ? <Navigate to={RoutePath.STAFF} replace /> : <NoSlugRedirect />;
}

/** The app-mode screens of device-mode §2 (inside the entry guard: G2.30–G2.36 decide who may enter). */
export const deviceRoutes: RouteObject[] = [
  {
    path: RoutePath.REGISTER.slice(1),
    handle: title('register'),
    lazy: async () => ({ Component: (await withTabletTexts(loadRegisterScreen())).RegisterScreen }),
  },
  {
    path: RoutePath.STAFF.slice(1),
    handle: title('staff'),
    lazy: async () => ({ Component: (await withTabletTexts(import('./staff-route'))).StaffRoute }),
  },
  {
    path: RoutePath.MANAGE_TEAM.slice(1),
    handle: { title: 'team:title' },
    // The screen wears the staff area's page frame: its stylesheet comes along on a reload too.
    lazy: async () => {
      const [screen] = await Promise.all([withTabletTexts(loadManageTeamScreen()), loadTabletStyles()]);
      return { Component: screen.ManageTeamScreen };
    },
  },
  {
    // The team member's receipt PIN and table number steps reuse the guest's screens.
    path: CHECKIN_SEGMENT,
    Component: CheckinLayout,
    children: [
      {
        path: step(CheckinPath.TEAM_MEMBER_RECEIPT_PIN_ENTRY),
        handle: { title: 'checkin:titles.pinEntry' },
        lazy: async () => ({ Component: (await loadPinEntryScreen()).PinEntryScreen }),
      },
      {
        path: step(CheckinPath.TEAM_MEMBER_TABLE_NUMBER_ENTRY),
        handle: { title: 'checkin:titles.tableEntry' },
        lazy: async () => ({ Component: (await loadPinEntryScreen()).TableNumberEntryScreen }),
      },
    ],
  },
];
