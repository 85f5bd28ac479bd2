import type { RouteObject } from 'react-router';
import { VenueLanding } from '../features/checkin/venue-landing';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteError } from './route-error';
import { BadAddressRedirect, NoSlugRedirect } from './routes/no-slug';
import { NotFoundPage } from './routes/not-found';

const venue: RouteHandle = { title: 'titles.venue' };
const notFound: RouteHandle = { title: 'titles.notFound' };

/**
 * The route table (G2). Static paths outrank `:slug`, so screens added later (/questions,
 * /check_in/…) win over the slug pattern. The two screens here are small and are the first thing a
 * guest sees, so they ship in the main bundle; heavy screens added later use `lazy`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: NoSlugRedirect, handle: notFound },
      { path: 'error-404', Component: NotFoundPage, handle: notFound },
      { path: ':slug', Component: VenueLanding, handle: venue },
      { path: ':slug/:pin', Component: VenueLanding, handle: venue },
      { path: ':slug/:pinType/:value', Component: VenueLanding, handle: venue },
      { path: '*', Component: BadAddressRedirect, handle: notFound },
    ],
  },
];
