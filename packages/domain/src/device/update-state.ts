/** Update states of config, surveys, responses and menu (device-mode.md §4 "Update state"; D4.3–D4.12). */
import { UpdateState } from '../enums';
import type { DeviceState } from './device-state';

/** One step of the config download as the device sees it. */
export type ConfigSyncEvent =
  | { type: 'start'; online: boolean }
  /** survey.config (config, surveys) or the staff edge failed. */
  | { type: 'failed' }
  /** Branch and staff arrived: the config is done; in app mode the menu export follows. */
  | { type: 'branchAndStaffDone' }
  | { type: 'menuExportDone'; now: number }
  | { type: 'menuExportFailed' }
  /** The browser reported a connectivity change. */
  | { type: 'connectivity'; online: boolean };

/** The reducer's answer: the new state and whether the caller must (re)start the download now. */
export type ConfigSyncResult = { state: DeviceState; fetchNow: boolean };

const withStates = (state: DeviceState, patch: Partial<DeviceState['updateState']>): DeviceState => ({
  ...state,
  updateState: { ...state.updateState, ...patch },
});

/**
 * The config update-state machine. Offline, a start is skipped and flagged to retry when back online;
 * start sets config and surveys in progress; failure returns them to pending; branch and staff make
 * them done; the app-mode menu export that follows makes the menu done, or pending on failure.
 */
export const configSyncReducer = (state: DeviceState, event: ConfigSyncEvent): ConfigSyncResult => {
  switch (event.type) {
    case 'start':
      if (!event.online) return { state: { ...state, updateWhenOnline: true }, fetchNow: false };
      return {
        state: withStates(
          { ...state, updateWhenOnline: false },
          { config: UpdateState.IN_PROGRESS, surveys: UpdateState.IN_PROGRESS },
        ),
        fetchNow: true,
      };
    case 'failed':
      return {
        state: withStates(state, { config: UpdateState.PENDING, surveys: UpdateState.PENDING }),
        fetchNow: false,
      };
    case 'branchAndStaffDone':
      return {
        state: withStates(state, { config: UpdateState.DONE, surveys: UpdateState.DONE }),
        fetchNow: false,
      };
    case 'menuExportDone':
      return {
        state: { ...withStates(state, { menu: UpdateState.DONE }), menuItemsLastUpdated: event.now },
        fetchNow: false,
      };
    case 'menuExportFailed':
      return { state: withStates(state, { menu: UpdateState.PENDING }), fetchNow: false };
    case 'connectivity': {
      const fetchNow = event.online && state.updateWhenOnline;
      return { state: { ...state, hasConnectivity: event.online }, fetchNow };
    }
  }
};

/** The menu download's own states: start, then done with its time or pending on failure (D4.12). */
export const menuUpdateState = (phase: 'start' | 'done' | 'failed'): UpdateState =>
  phase === 'start' ? UpdateState.IN_PROGRESS : phase === 'done' ? UpdateState.DONE : UpdateState.PENDING;

/**
 * The responses' state: in progress while uploading, pending when responses are stored, done when none
 * are, unknown while the stored count is not known yet (D4.9, and after an upload D4.10).
 */
export const responsesUpdateState = (input: {
  uploading: boolean;
  storedCount: number | null;
}): UpdateState => {
  if (input.uploading) return UpdateState.IN_PROGRESS;
  if (input.storedCount === null) return UpdateState.UNKNOWN;
  return input.storedCount > 0 ? UpdateState.PENDING : UpdateState.DONE;
};

/** The last-uploaded time after an upload: `now` (unix seconds) only if at least one survey went (D4.11). */
export const lastUpdatedAfterUpload = (
  previous: number | null,
  submitted: number,
  nowMs: number,
): number | null => (submitted > 0 ? Math.floor(nowMs / 1000) : previous);
