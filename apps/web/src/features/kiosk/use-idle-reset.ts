import { type IdlePhase, idleOutcome, idlePhase, idleWatchActive, RoutePath } from '@venue-voice/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logError } from '../../platform/log';
import { useGuestSession } from '../../shared/session/session-store';
import { readIdleMs } from './kiosk-storage';

// Any of these counts as the guest still being there (captured, so dialogs in portals count too).
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'input', 'touchstart'] as const;

const visitAt = (path: string) => {
  const session = useGuestSession.getState();
  return {
    path,
    surveyInProgress: session.surveyInProgress !== null,
    hasCreatePayload: session.createPayload !== null,
  };
};

/**
 * D4.61: a finished but unsaved survey goes into the tablet's queue as the guest left it (the queue
 * never drops a response); then the visit is cleared either way. Used at idle expiry and when staff
 * leave a guest's screen for /staff (decision 0098). Loaded only in app mode.
 */
export async function endGuestVisit(path: string): Promise<void> {
  const session = useGuestSession.getState();
  const templateId = session.surveyInProgress;
  if (idleOutcome(visitAt(path)) === 'keep' && session.createPayload && templateId !== null) {
    const { queueRequest } = await import('../device-queue');
    await queueRequest({
      kind: 'create',
      payload: session.createPayload,
      headers: { 'X-Template-Id': String(templateId) },
    });
  }
  useGuestSession.getState().reset();
}

/**
 * The kiosk idle reset (D4.59–D4.61): on a guest's screen, after the idle time without input the
 * tablet returns to /staff; the last 20 s are a countdown any input cancels. The returned phase drives
 * the countdown dialog.
 */
export function useIdleReset(): IdlePhase {
  const navigate = useNavigate();
  const path = useLocation().pathname;
  const watching = useGuestSession((session) =>
    idleWatchActive({
      path,
      surveyInProgress: session.surveyInProgress !== null,
      hasCreatePayload: session.createPayload !== null,
    }),
  );
  const lastInput = useRef(Date.now());
  const [phase, setPhase] = useState<IdlePhase>({ phase: 'active' });
  const shown = useRef<IdlePhase>(phase);
  const show = useCallback((next: IdlePhase) => {
    shown.current = next;
    setPhase(next);
  }, []);

  useEffect(() => {
    show({ phase: 'active' });
    if (!watching) return;
    lastInput.current = Date.now();
    const idleMs = readIdleMs();
    let ending = false;
    // No state change inside the input event itself: a React render flushed between this capture
    // listener and React's own handler would reset a controlled field before it reads what was typed.
    // Only a running countdown needs a render, and it gets one after the event.
    const onInput = () => {
      lastInput.current = Date.now();
      if (shown.current.phase !== 'active') setTimeout(() => show({ phase: 'active' }), 0);
    };
    const tick = () => {
      if (ending) return;
      const next = idlePhase(lastInput.current, Date.now(), idleMs);
      // While active nothing changes on screen: no render each second.
      if (next.phase !== 'active' || shown.current.phase !== 'active') show(next);
      if (next.phase !== 'expired') return;
      ending = true;
      endGuestVisit(path)
        .catch((error: unknown) => logError('idle reset: the survey was not kept', { error }))
        .finally(() => void navigate(RoutePath.STAFF, { replace: true }));
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    const timer = setInterval(tick, 1000);
    return () => {
      clearInterval(timer);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, [watching, path, navigate, show]);

  return watching ? phase : { phase: 'active' };
}
