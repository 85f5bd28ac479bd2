import { initialToasts, type ToastsState, toastsReducer } from '@venue-voice/domain';
import { create } from 'zustand';

/** What a toast says; `link` is an optional way out (the outdated-browser toast's upgrade link). */
export interface ToastMessage {
  text: string;
  tone?: 'info' | 'success' | 'warning';
  link?: { href: string; label: string };
}

interface ToastStore {
  state: ToastsState<ToastMessage>;
  /** G4.75: closes after 3000 ms by default; a timeout of 0 keeps it until dismissed. */
  show(message: ToastMessage, timeoutMs?: number): void;
  dismiss(id: number): void;
  /** Removes the toasts whose time is up; the region calls it from a timer. */
  tick(): void;
}

/** App-wide toasts (conventions: a Zustand store for app-wide state); the rules are the domain's. */
export const useToasts = create<ToastStore>()((set) => ({
  state: initialToasts<ToastMessage>(),
  show: (message, timeoutMs) =>
    set(({ state }) => ({
      state: toastsReducer(state, { type: 'show', message, now: Date.now(), timeoutMs }),
    })),
  dismiss: (id) => set(({ state }) => ({ state: toastsReducer(state, { type: 'dismiss', id }) })),
  tick: () => set(({ state }) => ({ state: toastsReducer(state, { type: 'tick', now: Date.now() }) })),
}));

/** Shows a toast from outside React (API layer, service worker glue). */
export const showToast = (message: ToastMessage, timeoutMs?: number) =>
  useToasts.getState().show(message, timeoutMs);
