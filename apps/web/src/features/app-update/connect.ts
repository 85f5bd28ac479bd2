import { configureAppUpdate, surveyEnded } from '../../platform/pwa';
import { useGuestSession } from '../../shared/session/session-store';

let connected = false;

/**
 * Ties app updates to the guest's survey (D4.51, architecture "App updates never strand data"): an
 * update asked for while a survey is in progress waits, and runs when the survey id goes back to none
 * (the answers are then sent or queued). `stopSending` pauses the offline queue before the reload.
 */
export function connectAppUpdates(options: { stopSending(): void | Promise<void> }): void {
  configureAppUpdate({
    surveyRunning: () => useGuestSession.getState().surveyInProgress !== null,
    stopSending: options.stopSending,
  });
  if (connected) return;
  connected = true;
  useGuestSession.subscribe((session, previous) => {
    if (previous.surveyInProgress !== null && session.surveyInProgress === null) surveyEnded();
  });
}
