import { ERROR_QUEUE_DELAY_MS } from '../constants';

/** The error on screen, those waiting behind it, and when the next one may show (epoch ms). */
export type ErrorQueueState<E> = { shown: E | null; waiting: readonly E[]; showNextAt: number | null };

export type ErrorQueueAction<E> =
  | { type: 'push'; error: E; now: number }
  | { type: 'clear'; now: number }
  | { type: 'tick'; now: number };

/** Nothing shown, nothing waiting. */
export const initialErrorQueue = <E>(): ErrorQueueState<E> => ({
  shown: null,
  waiting: [],
  showNextAt: null,
});

/** G4.74: once the pause after a clear has passed, the first waiting error shows. */
function advance<E>(state: ErrorQueueState<E>, now: number): ErrorQueueState<E> {
  if (state.shown !== null || state.showNextAt === null || now < state.showNextAt) return state;
  const [next, ...rest] = state.waiting;
  if (next === undefined) return { ...state, showNextAt: null };
  return { shown: next, waiting: rest, showNextAt: null };
}

/**
 * The error display (G4.73, G4.74) as a reducer over time: a new error shows at once when nothing is
 * showing or waiting, else it waits its turn; clearing shows the next one `ERROR_QUEUE_DELAY_MS` (200)
 * later. Every action carries `now`, and a due error is shown before the action applies, so a missed
 * tick never delays or reorders anything. The UI sets a timer for `showNextAt` and sends a tick.
 */
export function errorQueueReducer<E>(
  state: ErrorQueueState<E>,
  action: ErrorQueueAction<E>,
): ErrorQueueState<E> {
  // A clear closes the error the guest saw; with none on screen it must not close a due one unseen.
  if (action.type === 'clear' && state.shown === null) return advance(state, action.now);
  const current = advance(state, action.now);
  switch (action.type) {
    case 'push':
      if (current.shown === null && current.waiting.length === 0) {
        return { shown: action.error, waiting: [], showNextAt: null };
      }
      return { ...current, waiting: [...current.waiting, action.error] };
    case 'clear':
      return {
        shown: null,
        waiting: current.waiting,
        showNextAt: current.waiting.length > 0 ? action.now + ERROR_QUEUE_DELAY_MS : null,
      };
    case 'tick':
      return current;
  }
}
