import {
  type ApplyUpdateStep,
  type AppUpdateEvent,
  type AppUpdateState,
  appUpdateReducer,
  initialAppUpdate,
  updateButtonEnabled,
} from '@venue-voice/domain';
import { create } from 'zustand';
import { setRefreshFlag } from './refresh-flag';

/** The new service worker, as the update flow needs it (workbox-window in the app, a fake in tests). */
export interface WaitingWorker {
  /** Tells the waiting worker to take over (it activates and claims the open pages). */
  skipWaiting(): void;
  /** Calls back once, when the new worker controls this page. */
  onControlling(callback: () => void): void;
}

/**
 * What the update flow needs from the rest of the app; the app-update feature connects the guest's
 * survey (platform code does not import features), tests replace the rest.
 */
export interface UpdateEffects {
  /** Whether a guest's survey is in progress now (an update then waits, D4.51). */
  surveyRunning(): boolean;
  /** Stops the offline queue's sending, so no upload is cut off half-way by the reload. */
  stopSending(): void | Promise<void>;
  reload(): void;
}

const defaultEffects: UpdateEffects = {
  surveyRunning: () => false,
  // The offline queue (features/device-queue) offers no pause yet: its flush runs one request at a
  // time and keeps a request stored until the server acknowledged it, so a reload loses nothing.
  stopSending: () => undefined,
  reload: () => window.location.reload(),
};

interface AppUpdateStore extends AppUpdateState {
  worker: WaitingWorker | null;
  effects: UpdateEffects;
}

const useStore = create<AppUpdateStore>()(() => ({
  ...initialAppUpdate,
  worker: null,
  effects: defaultEffects,
}));

async function runSteps(steps: readonly ApplyUpdateStep[]): Promise<void> {
  const { worker, effects } = useStore.getState();
  for (const step of steps) {
    // 'showWait' is the applying flag itself: the wait modal follows it.
    if (step === 'stopSending') await effects.stopSending();
    if (step === 'skipWaiting') worker?.skipWaiting();
    if (step === 'reloadOnControllerChange') {
      worker?.onControlling(() => {
        setRefreshFlag();
        effects.reload();
      });
    }
  }
}

/**
 * Runs one event through the domain's reducer (D4.50–D4.51) and the steps it asks for. The
 * controller-change listener is set in the same pass as skipWaiting, before the worker can answer.
 */
function dispatch(event: AppUpdateEvent): void {
  const current = useStore.getState();
  const { state, apply } = appUpdateReducer(
    { ready: current.ready, deferred: current.deferred, applying: current.applying },
    event,
  );
  useStore.setState(state);
  if (state.deferred !== current.deferred) rememberDeferred(state.deferred);
  if (apply.length > 0) void runSteps(apply);
}

/**
 * A deferred request outlives a reload of the tab (session storage): staff asked once, and a reload
 * during the guest's survey must not drop it. It is asked again when the waiting worker is found.
 */
const DEFERRED_KEY = 'venue-voice-update-deferred';

function rememberDeferred(deferred: boolean): void {
  try {
    if (deferred) sessionStorage.setItem(DEFERRED_KEY, '1');
    else sessionStorage.removeItem(DEFERRED_KEY);
  } catch {
    // Storage refused: the request lives as long as the page.
  }
}

function deferredBeforeReload(): boolean {
  try {
    return sessionStorage.getItem(DEFERRED_KEY) === '1';
  } catch {
    return false;
  }
}

/** A new worker is installed and waiting (called by the registration). */
export function updateFound(worker: WaitingWorker): void {
  const askedBefore = deferredBeforeReload();
  useStore.setState({ worker });
  dispatch({ type: 'updateFound' });
  if (askedBefore) applyUpdate();
}

/** Staff's "Update app": applied now, or once the survey in progress ends (D4.51). */
export function applyUpdate(): void {
  const { effects } = useStore.getState();
  dispatch({ type: 'requestUpdate', surveyInProgress: effects.surveyRunning() });
}

/** The guest's survey ended: a deferred update runs now. */
export function surveyEnded(): void {
  dispatch({ type: 'surveyEnded' });
}

/** Connects the flow to the rest of the app (the app-update feature does, at start). */
export function configureAppUpdate(effects: Partial<UpdateEffects>): void {
  useStore.setState(({ effects: current }) => ({ effects: { ...current, ...effects } }));
}

export interface AppUpdate {
  /** A new version waits; the Update app button is enabled (D2.4, D4.50). */
  ready: boolean;
  /** Update asked for during a survey: it runs when the survey ends. */
  deferred: boolean;
  /** The update runs: the wait modal shows until the reload. */
  applying: boolean;
  canApply: boolean;
  apply(): void;
}

/** The app-update state for screens (D-C's settings modal, the wait modal). */
export function useAppUpdate(): AppUpdate {
  const ready = useStore((s) => s.ready);
  const deferred = useStore((s) => s.deferred);
  const applying = useStore((s) => s.applying);
  return {
    ready,
    deferred,
    applying,
    canApply: updateButtonEnabled({ ready, deferred, applying }),
    apply: applyUpdate,
  };
}

/** The state outside React (tests, diagnostics). */
export function readAppUpdate(): AppUpdateState {
  const { ready, deferred, applying } = useStore.getState();
  return { ready, deferred, applying };
}
