import { type ErrorQueueState, errorQueueReducer, initialErrorQueue } from '@venue-voice/domain';
import { create } from 'zustand';

/** An error for the guest: the message shown, and a trace note (G8: "errors show with a trace note"). */
export interface DisplayedError {
  message: string;
  trace?: string;
}

interface ErrorQueueStore {
  state: ErrorQueueState<DisplayedError>;
  /** G4.73: shows at once, or waits behind the one showing. */
  push(error: DisplayedError): void;
  /** G4.74: closes the one showing; the next follows 200 ms later. */
  clear(): void;
  tick(): void;
}

/** The app's error display queue (one error at a time, in arrival order, none lost). */
export const useErrorQueue = create<ErrorQueueStore>()((set) => ({
  state: initialErrorQueue<DisplayedError>(),
  push: (error) =>
    set(({ state }) => ({ state: errorQueueReducer(state, { type: 'push', error, now: Date.now() }) })),
  clear: () => set(({ state }) => ({ state: errorQueueReducer(state, { type: 'clear', now: Date.now() }) })),
  tick: () => set(({ state }) => ({ state: errorQueueReducer(state, { type: 'tick', now: Date.now() }) })),
}));

/** Queues an error from outside React (the API layer). */
export const pushError = (error: DisplayedError) => useErrorQueue.getState().push(error);
