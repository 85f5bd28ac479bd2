import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What a browser history entry of /questions says: the screen it stands for, and who made it. */
interface ScreenEntry {
  questionsScreen: number;
  /** Made by Next: the entry before it is the previous screen's. */
  pushed: boolean;
}

function entryOf(state: unknown): ScreenEntry | null {
  const entry = state as Partial<ScreenEntry> | null;
  return typeof entry?.questionsScreen === 'number'
    ? { questionsScreen: entry.questionsScreen, pushed: entry.pushed === true }
    : null;
}

export interface ScreenHistoryInput {
  /** The screen on show, counted from 0 (the screens confirmed before it); null when none is. */
  position: number | null;
  /** Moves the run back to an earlier screen. */
  toScreen(screen: number): void;
  /** Moves the run one screen on as Next would; false when Next is not ready. */
  forward(): boolean;
}

/**
 * One browser history entry per survey screen (decision 0177), so the browser's Back goes to the
 * previous screen rather than out of the survey. Next pushes an entry; Back (or a jump further back)
 * moves the run to the entry's screen; Forward is Next when Next is ready. Gives Previous: the
 * browser's Back when the entry before is the previous screen's, else the run's own step back.
 */
export function useScreenHistory({ position, toScreen, forward }: ScreenHistoryInput): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = entryOf(location.state);
  const shown = entry?.questionsScreen ?? null;
  const seen = useRef(shown);

  const follow = useEffectEvent(() => {
    const before = seen.current;
    seen.current = shown;
    if (position === null) return;
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    const mark = (screen: number, push: boolean) =>
      void navigate(here, { replace: !push, state: { questionsScreen: screen, pushed: push } });
    if (shown === null) return mark(position, false);
    if (shown === position) return;
    if (shown !== before) {
      // The browser moved: the run follows back; forward only one screen, and only as Next may.
      if (shown < position) return toScreen(shown);
      const oneOn = shown === position + 1 && before === position;
      if (oneOn && forward()) return;
      if (oneOn) return void navigate(-1);
      // An entry of no screen this run has reached (an earlier visit's): it becomes this screen's.
      return mark(position, false);
    }
    // The run moved: Next adds an entry, a step back without the browser rewrites this one.
    mark(position, position > shown);
  });
  // Runs when the screen or the entry changes, and only then: a second push for one Next would leave
  // an entry that Back has to pass twice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the two values are what the event compares.
  useEffect(() => {
    follow();
  }, [position, shown]);

  return () => {
    if (position === null || position === 0) return;
    if (entry?.pushed && shown === position) navigate(-1);
    else toScreen(position - 1);
  };
}
