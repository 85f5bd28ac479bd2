import { updateFound, type WaitingWorker } from './app-update';

/** Where the build writes the worker (pwa.config.ts); at the root, so its scope is the whole app. */
export const WORKER_URL = '/sw.js';
/** A tablet stays open for days: it asks for a new worker this often, and when shown again. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The waiting worker as the update flow sees it; the message is the one Workbox's worker expects. */
function waitingWorker(container: ServiceWorkerContainer, worker: ServiceWorker): WaitingWorker {
  return {
    skipWaiting: () => worker.postMessage({ type: 'SKIP_WAITING' }),
    onControlling: (callback) =>
      container.addEventListener('controllerchange', () => callback(), { once: true }),
  };
}

/**
 * Reports a worker that waits now or later. Only an update waits: a first install has no controller
 * and takes the page at once (clientsClaim), so it is never offered as an update.
 */
export function watchForWaiting(
  container: ServiceWorkerContainer,
  registration: ServiceWorkerRegistration,
): void {
  const offer = (worker: ServiceWorker) => updateFound(waitingWorker(container, worker));
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    if (!installing) return;
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) offer(installing);
    });
  });
}

/**
 * Registers the service worker (decision 0088), for guests and tablets alike, after the page has
 * loaded so precaching never competes with the first screen. Nothing in development (Vite serves
 * modules, not a build) or where the browser has no service workers.
 */
export function registerServiceWorker(target: Window = window): void {
  if (!import.meta.env.PROD) return;
  const container = target.navigator.serviceWorker;
  if (!container) return;
  const register = async () => {
    try {
      const registration = await container.register(WORKER_URL, { scope: '/' });
      watchForWaiting(container, registration);
      const check = () => void registration.update().catch(() => undefined);
      target.setInterval(check, UPDATE_CHECK_MS);
      target.document.addEventListener('visibilitychange', () => {
        if (target.document.visibilityState === 'visible') check();
      });
    } catch (error) {
      // Without a worker the app still runs online; only offline start and prompt updates are lost.
      console.warn('Service worker registration failed', error);
    }
  };
  if (target.document.readyState === 'complete') void register();
  else target.addEventListener('load', () => void register(), { once: true });
}
