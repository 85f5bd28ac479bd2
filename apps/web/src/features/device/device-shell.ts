/**
 * App start for a tablet: the stored device is read before the first screen (app mode is decided from
 * it), connectivity follows the browser (D4.20), and a registered device speaks its survey's language
 * and hands its credentials to the offline queue.
 */
import { configSyncReducer, lastUpdatedAfterUpload } from '@venue-voice/domain';
import {
  deviceCredentials,
  hydrateDevice,
  isAppMode,
  resetDevice,
  useDevice,
} from '../../platform/device-session';
import { loadTabletTexts, setLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { useGuestSession } from '../../shared/session/session-store';
import { startSync } from '../device-sync';

// A guest's browser runs this shell too, but only a tablet in app mode downloads settings or sends its
// queue: the device's API client (~15 kB gzip) loads then, not on every guest's first screen (0078).
const deviceActions = () => import('./device-actions');

/** A connectivity event (D4.20): stored, and coming online runs a config fetch that was flagged (D4.3). */
export function connectivityChanged(online: boolean): void {
  const result = configSyncReducer(useDevice.getState().state, { type: 'connectivity', online });
  useDevice.getState().change(() => result.state);
  if (result.fetchNow && isAppMode()) void deviceActions().then((actions) => actions.downloadSettings());
}

/** Gives the offline queue the device's credentials (read at each send) and its reset on a 401 (D4.1). */
export async function wireQueue(): Promise<void> {
  const [queue, { deviceTransport }] = await Promise.all([
    import('../device-queue'),
    import('../../platform/device-api'),
  ]);
  queue.configureQueue({
    transport: () => (deviceCredentials() ? deviceTransport() : null),
    branchId: () => deviceCredentials()?.branchId ?? null,
    online: () => useDevice.getState().state.hasConnectivity,
    onUnauthorised: resetDevice,
    // Contact details leave the tablet after the venue's retention, as on the server (decision 0142).
    contactRetentionDays: () => useDevice.getState().state.config?.statics?.contactDataRetentionDays,
    // Whoever started the upload (a checkout, coming online, a timed retry, Upload), its time shows in
    // the settings (D4.11; issue 26 item 18: it said 'never' after uploads the queue made by itself).
    onUploaded: (submitted) =>
      useDevice.getState().change((state) => ({
        ...state,
        lastUpdated: lastUpdatedAfterUpload(state.lastUpdated, submitted, Date.now()),
      })),
  });
  await queue.loadQueueStatus();
}

/**
 * A config downloaded during a survey waits in configTemp (D4.6); it goes live once the survey stops
 * being in progress, so a guest never sees the questions change under them.
 */
export function applyHeldConfigAfterSurveys(): () => void {
  return useGuestSession.subscribe((now, before) => {
    const ended = before.surveyInProgress !== null && now.surveyInProgress === null;
    if (ended && useDevice.getState().state.configTemp)
      void deviceActions().then((actions) => actions.applyHeldConfig());
  });
}

/**
 * Polling and sync (features/device-sync) load once the device is in app mode: at app start (checking
 * at once), or right after a registration (which runs its own first download). Until then the device
 * store is watched; once sync has started there is nothing more to watch for, so the watch ends.
 */
export function startSyncInAppMode(): void {
  const start = (checkNow: boolean): boolean => {
    if (!isAppMode()) return false;
    startSync({ checkNow }).catch((error: unknown) => logError('device sync not started', { error }));
    return true;
  };
  if (start(true)) return;
  const stop = useDevice.subscribe(() => {
    if (start(false)) stop();
  });
}

export async function startDeviceShell(): Promise<void> {
  try {
    await hydrateDevice();
  } catch (error) {
    // No IndexedDB (a private window, a locked-down browser): this browser can only be a guest's.
    logError('device state unavailable', { error });
    return;
  }
  window.addEventListener('online', () => connectivityChanged(true));
  window.addEventListener('offline', () => connectivityChanged(false));
  applyHeldConfigAfterSurveys();
  startSyncInAppMode();
  if (!isAppMode()) return;
  // The tablet's own screens' texts, before the first of them shows.
  await Promise.all([setLanguage(useDevice.getState().state.language), loadTabletTexts()]);
  await wireQueue().catch((error: unknown) => logError('offline queue not started', { error }));
}
