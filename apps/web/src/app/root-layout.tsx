import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { loadAppUpdateLayer } from '../features/app-update';
import { ConsentGate } from '../features/consent';
import { Footer, useOutdatedBrowserWarning } from '../features/frame';
import { loadKioskLayer } from '../features/kiosk';
import { useScreenViews } from '../platform/analytics';
import { isAppMode, useDevice } from '../platform/device-session';
import { ErrorDisplay } from '../ui/error-display';
import { ToastRegion } from '../ui/toast-region';

// App mode only (a registered tablet): loaded when needed, so guests' first screen carries no dialog code.
const AppUpdateLayer = lazy(() => loadAppUpdateLayer().then((m) => ({ default: m.AppUpdateLayer })));
const KioskLayer = lazy(() => loadKioskLayer().then((m) => ({ default: m.KioskLayer })));

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** i18n key of the page title (G2: the title comes from the route's meta, with a fallback). */
  title?: string;
}

/** The deepest route that names a title wins; without one the app's name is the title. */
function usePageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => Boolean(title))
    .at(-1);
  const title = key ? `${t(key)} · ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Around every screen, mounted once for the whole app: the toasts at the top, the error queue, the
 * screen itself and the footer below it (G2), the cookie consent banner (G4.70), the outdated-browser
 * warning (G8) and a screen view per route (G7).
 */
export function RootLayout() {
  const { t } = useTranslation();
  usePageTitle();
  useOutdatedBrowserWarning();
  useScreenViews();
  const appMode = useDevice((device) => isAppMode(device.state));
  return (
    <div className="app-shell">
      {appMode && (
        <Suspense fallback={null}>
          <AppUpdateLayer />
        </Suspense>
      )}
      <ToastRegion dismissLabel={t('notices.dismiss')} />
      <ErrorDisplay dismissLabel={t('notices.ok')} traceLabel={t('notices.details')} />
      <div className="app-shell__screen">
        <Outlet />
      </div>
      {appMode && (
        <Suspense fallback={null}>
          <KioskLayer />
        </Suspense>
      )}
      <Footer />
      <ConsentGate appMode={appMode} />
    </div>
  );
}
