import { RoutePath, thanksSecondsLeft } from '@venue-voice/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGuestSession } from '../../shared/session/session-store';
import { Button } from '../../ui/button';
import { readThanksMs } from './kiosk-storage';
import './kiosk.css';

/**
 * D4.62 (issue 26 item 12): a tablet's thank-you returns to the start (/staff) for the next guest after
 * the time staff chose, or at once on Done. The guest's visit is cleared then, so nothing of it shows
 * to the next guest. Shown by the thank-you only in app mode.
 */
export function NextGuest() {
  const { t } = useTranslation('kiosk');
  const navigate = useNavigate();
  const [{ shownAt, delayMs }] = useState(() => ({ shownAt: Date.now(), delayMs: readThanksMs() }));
  const [left, setLeft] = useState(() => thanksSecondsLeft(shownAt, shownAt, delayMs));
  const leaving = useRef(false);

  const leave = useCallback(() => {
    if (leaving.current) return;
    leaving.current = true;
    // Cleared once the start shows: cleared before, the thank-you would send its guest to /checkout.
    void Promise.resolve(navigate(RoutePath.STAFF, { replace: true })).then(() =>
      useGuestSession.getState().reset(),
    );
  }, [navigate]);

  useEffect(() => {
    const tick = () => {
      const next = thanksSecondsLeft(shownAt, Date.now(), delayMs);
      setLeft(next);
      if (next === 0) leave();
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [shownAt, delayMs, leave]);

  return (
    <div className="kiosk__next">
      <Button onClick={leave}>{t('thanks.done')}</Button>
      {/* Not a live region: a count read out every second would drown the thanks. */}
      <p>{t('thanks.returning', { count: left })}</p>
    </div>
  );
}
