/**
 * Downloads, the menu offline, polling and sync of a tablet (issue 6 items 4 and 6). The device shell
 * loads this module once the device is in app mode and calls `startSync`.
 */
import { isSurveyInProgress, lastUpdatedAfterUpload } from '@venue-voice/domain';
import { useDevice } from '../../platform/device-session';
import { useGuestSession } from '../../shared/session/session-store';
import { applyHeldConfig, downloadSettings } from '../device';
import { createSync, type Sync, type SyncDeps } from './sync-runner';

export { afterConfigDownload } from './downloads';
export { createSync, type Sync, type SyncDeps } from './sync-runner';

let running: Sync | null = null;

/** The real clock, timer, random and calls. */
export function browserSyncDeps(): SyncDeps {
  return {
    now: Date.now,
    every: (ms, tick) => {
      const id = setInterval(tick, ms);
      return () => clearInterval(id);
    },
    random: Math.random,
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    surveyInProgress: () => isSurveyInProgress(useGuestSession.getState().surveyInProgress),
    applyHeldConfig,
    download: async () => (await downloadSettings()).type === 'done',
    async upload() {
      const { uploadStored } = await import('../device-queue');
      const result = await uploadStored();
      const submitted = result.summary?.submitted ?? 0;
      useDevice.getState().change((state) => ({
        ...state,
        lastUpdated: lastUpdatedAfterUpload(state.lastUpdated, submitted, Date.now()),
      }));
    },
  };
}

/**
 * Starts polling once: the 5-minute check, a check when the browser comes back online, and one when
 * a survey ends. At app start the first check runs at once (a tablet off overnight is due); right after
 * a registration it waits for the interval, as the registration runs its own first download.
 */
export function startSync(options: { checkNow: boolean }, deps: SyncDeps = browserSyncDeps()): Sync {
  if (running) return running;
  const sync = createSync(deps);
  const onOnline = () => void sync.online();
  window.addEventListener('online', onOnline);
  const unsubscribe = useGuestSession.subscribe(
    (now, before) => void sync.surveyChanged(before.surveyInProgress, now.surveyInProgress),
  );
  if (options.checkNow) void sync.tick();
  running = {
    ...sync,
    stop() {
      sync.stop();
      window.removeEventListener('online', onOnline);
      unsubscribe();
      running = null;
    },
  };
  return running;
}
