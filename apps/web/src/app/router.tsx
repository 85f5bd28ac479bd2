import { RoutePath } from '@venue-voice/domain';
import type { RouteObject } from 'react-router';
import { EntryGuard, VenueLanding } from '../features/checkin';
import { loadInstallPage, loadPrivacyPage } from '../features/frame';
import { loadPreviewPage } from '../features/preview';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteError } from './route-error';
import { checkinRoutes } from './routes/checkin-routes';
import { deviceRoutes, HomeRoute } from './routes/device-routes';
import { BadAddressRedirect } from './routes/no-slug';
import { NotFoundPage } from './routes/not-found';
import { PageLoading } from './routes/page-loading';
import { surveyRoutes } from './routes/survey-routes';

const venue: RouteHandle = { title: 'titles.venue' };
const notFound: RouteHandle = { title: 'titles.notFound' };
const install: RouteHandle = { title: 'frame:install.title' };
const privacy: RouteHandle = { title: 'frame:privacy.title' };

/**
 * The route table (G2). Static paths outrank `:slug`, so screens (/questions, /check_in/…) win over the
 * slug pattern. The venue address and /error-404 are small and are the first thing a guest sees, so
 * they ship in the main bundle; the other screens use `lazy`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoading,
    children: [
      { index: true, Component: HomeRoute, handle: notFound },
      // Pages about the app rather than a visit: no check-in, so no entry rules (decision 0070).
      {
        path: RoutePath.INSTALL.slice(1),
        handle: install,
        lazy: async () => ({ Component: (await loadInstallPage()).InstallPage }),
      },
      {
        path: RoutePath.PRIVACY.slice(1),
        handle: privacy,
        lazy: async () => ({ Component: (await loadPrivacyPage()).PrivacyPage }),
      },
      // The survey editor's preview, framed by the console: its own chunk (decision 0258).
      { path: 'preview', lazy: loadPreviewPage },
      {
        // The domain's entry rules (nextRoute) for every address below: a check_in step gets the stored
        // slug, /questions needs a survey in progress and a finished check-in (G2.26–G2.29). Screens
        // with entry rules belong in here.
        Component: EntryGuard,
        children: [
          { path: 'error-404', Component: NotFoundPage, handle: notFound },
          checkinRoutes,
          surveyRoutes,
          ...deviceRoutes,
          { path: ':slug', Component: VenueLanding, handle: venue },
          { path: ':slug/:pin', Component: VenueLanding, handle: venue },
          { path: ':slug/:pinType/:value', Component: VenueLanding, handle: venue },
          { path: '*', Component: BadAddressRedirect, handle: notFound },
        ],
      },
    ],
  },
];
