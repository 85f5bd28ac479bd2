import { APP_UPDATED_BANNER_MS, TOAST_DEFAULT_MS, TOAST_STICKY } from '../constants';

/** A toast on screen; `closesAt` is null for a sticky toast, which stays until dismissed. */
export type Toast<M> = { id: number; message: M; shownAt: number; closesAt: number | null };
export type ToastsState<M> = { toasts: readonly Toast<M>[]; nextId: number };

export type ToastAction<M> =
  | { type: 'show'; message: M; now: number; timeoutMs?: number }
  | { type: 'dismiss'; id: number }
  | { type: 'tick'; now: number };

/** No toasts yet. */
export const initialToasts = <M>(): ToastsState<M> => ({ toasts: [], nextId: 1 });

/**
 * G4.75: when a toast shown at `now` closes: after `TOAST_DEFAULT_MS` (3000) by default, never for a
 * timeout of `TOAST_STICKY` (0; the outdated-browser warning uses it). A negative timeout is a bug.
 */
export function toastClosesAt(now: number, timeoutMs: number = TOAST_DEFAULT_MS): number | null {
  if (!(timeoutMs >= 0)) throw new RangeError(`Toast timeout must be 0 or more, got ${timeoutMs}`);
  return timeoutMs === TOAST_STICKY ? null : now + timeoutMs;
}

/** G4.75: toasts as a reducer over time: shown, dismissed, or removed by a tick once their time is up. */
export function toastsReducer<M>(state: ToastsState<M>, action: ToastAction<M>): ToastsState<M> {
  switch (action.type) {
    case 'show': {
      const toast: Toast<M> = {
        id: state.nextId,
        message: action.message,
        shownAt: action.now,
        closesAt: toastClosesAt(action.now, action.timeoutMs),
      };
      return { toasts: [...state.toasts, toast], nextId: state.nextId + 1 };
    }
    case 'dismiss':
      return { ...state, toasts: state.toasts.filter((toast) => toast.id !== action.id) };
    case 'tick': {
      const toasts = state.toasts.filter((toast) => toast.closesAt === null || toast.closesAt > action.now);
      return toasts.length === state.toasts.length ? state : { ...state, toasts };
    }
  }
}

/** G9.2: the 'app updated' banner (app mode) stays until dismissed or `APP_UPDATED_BANNER_MS` (5000) pass. */
export const isAppUpdatedBannerOpen = (shownAt: number, now: number, dismissed: boolean): boolean =>
  !dismissed && now < shownAt + APP_UPDATED_BANNER_MS;
