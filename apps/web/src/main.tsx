// Before the domain's schemas exist: no eval probe under the page's CSP.
import './platform/zod-jitless';
import { DEFAULT_LANGUAGE } from '@venue-voice/domain';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adoptFirstScreen, takeFirstScreen } from './app/first-screen';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { env } from './config/env';
import { connectAppUpdates } from './features/app-update';
import { followAppMode, mayBeTablet, restartIfTablet, startDeviceShell } from './features/device';
import { refreshQueriesOnSync, withDeviceCopy } from './features/device-sync';
import { analyticsEvent } from './platform/analytics';
import { createWebApi } from './platform/api';
import { startErrorReporting } from './platform/error-report-start';
import { holdUntilFirstFrame } from './platform/first-frame';
import { matchLanguage, setLanguage } from './platform/i18n';
import { listenForInstallPrompt } from './platform/install-prompt';
import { logError } from './platform/log';
import { registerServiceWorker } from './platform/pwa';
import './styles.css';

async function start(): Promise<void> {
  // First, so that a failure while starting is reported too (nothing happens without a collector).
  startErrorReporting(env);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The browser offers its install prompt once, maybe before the install page opens (G4.76).
  listenForInstallPrompt();
  // Guests and tablets alike get the worker (offline start, repeat visits; decision 0088). An update
  // pauses the tablet's offline queue first; the queue's code loads only when an update runs.
  connectAppUpdates({
    stopSending: async () => (await import('./features/device-queue')).pauseSending(),
  });
  registerServiceWorker();
  // The check-in step the server rendered for a venue address (decision 0169); a tablet starts from
  // its own stored copy instead, as it would offline.
  const first = takeFirstScreen(document);
  const queryClient = createQueryClient();
  const hydrate = first !== null && !mayBeTablet();
  if (first && hydrate) await adoptFirstScreen(first, queryClient);
  // Screens without a survey (such as /error-404) speak the browser's language when we have it;
  // a survey switches to its own language once its configuration arrives.
  else await setLanguage(matchLanguage(navigator.languages) ?? DEFAULT_LANGUAGE);
  // A registered tablet is known before the first screen: the routes and its language depend on it.
  // A guest's phone does not wait for that IndexedDB read: it renders first (decision 0133).
  const deviceShell = startDeviceShell().then(() => followAppMode());
  if (mayBeTablet()) await deviceShell;
  else
    void deviceShell
      .then(() => restartIfTablet())
      .catch((error: unknown) => logError('device shell not started', { error }));
  const router = createBrowserRouter(routes);
  // A sync's staff and menu reach the screens at once, not when their cached answers go stale.
  refreshQueriesOnSync(queryClient);
  const app = (
    <StrictMode>
      <AppProviders api={withDeviceCopy(createWebApi())} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => logError('server render not hydrated as rendered', { error }),
    });
    analyticsEvent('survey-started', { slug: first?.session.slug ?? '' });
    return;
  }
  // A tablet's page may still hold the server's HTML: its own render replaces it.
  root.replaceChildren();
  // The venue's setup requests wait until this render is painted (decision 0150).
  holdUntilFirstFrame();
  createRoot(root).render(app);
}

void start();
