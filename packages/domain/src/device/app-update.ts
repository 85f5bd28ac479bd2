/** App update (device-mode.md §4 App update, §2 Other screens; D4.50–D4.52). */
import { APP_UPDATED_BANNER_MS } from '../constants';

/**
 * `ready`: a new version waits (the update-ready flag); `deferred`: staff asked to update while a survey
 * was in progress; `applying`: the update runs (wait modal, sending stopped, worker told to take over).
 */
export type AppUpdateState = { ready: boolean; deferred: boolean; applying: boolean };

export const initialAppUpdate: AppUpdateState = { ready: false, deferred: false, applying: false };

export type AppUpdateEvent =
  | { type: 'updateFound' }
  | { type: 'requestUpdate'; surveyInProgress: boolean }
  | { type: 'surveyEnded' };

/** The steps of applying an update, in order. */
export const APPLY_UPDATE_STEPS = [
  'showWait',
  'stopSending',
  'skipWaiting',
  'reloadOnControllerChange',
] as const;
export type ApplyUpdateStep = (typeof APPLY_UPDATE_STEPS)[number];

/** Whether the Update app button works: only when an update is ready (D4.50). */
export const updateButtonEnabled = (state: AppUpdateState): boolean => state.ready && !state.applying;

/**
 * The update reducer (D4.51): an update is applied only when no survey is in progress; asked for during
 * a survey, it waits and is applied when the survey ends, so no guest's answers are lost to a reload.
 * `apply` lists the steps to run now (empty when nothing happens).
 */
export const appUpdateReducer = (
  state: AppUpdateState,
  event: AppUpdateEvent,
): { state: AppUpdateState; apply: readonly ApplyUpdateStep[] } => {
  const none = { state, apply: [] as const };
  switch (event.type) {
    case 'updateFound':
      return { state: { ...state, ready: true }, apply: [] };
    case 'requestUpdate':
      if (!state.ready || state.applying) return none;
      if (event.surveyInProgress) return { state: { ...state, deferred: true }, apply: [] };
      return { state: { ...state, deferred: false, applying: true }, apply: APPLY_UPDATE_STEPS };
    case 'surveyEnded':
      if (!state.deferred || state.applying) return none;
      return { state: { ...state, deferred: false, applying: true }, apply: APPLY_UPDATE_STEPS };
  }
};

/**
 * After the reload (D4.52): the refresh flag kept in session storage says the app was just updated, so
 * the dismissible 'app updated' banner shows, closing itself after APP_UPDATED_BANNER_MS; the flag is
 * then cleared so a later reload shows nothing.
 */
export const afterUpdateReload = (
  refreshFlag: boolean,
): { showBanner: boolean; bannerMs: number; clearFlag: boolean } => ({
  showBanner: refreshFlag,
  bannerMs: APP_UPDATED_BANNER_MS,
  clearFlag: refreshFlag,
});
