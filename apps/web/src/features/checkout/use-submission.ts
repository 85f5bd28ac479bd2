import type { SubmitResponse } from '@venue-voice/domain';
import { useCallback, useEffect, useState } from 'react';
import type { WebApi } from '../../platform/api';
import { useApi } from '../../platform/api-context';
import { isRetryable } from '../../platform/api-failure';
import { currentLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { useGuestSession } from '../session/session-store';

export type Submission =
  | { state: 'sending' }
  /** A failure a retry can mend (no connection, a server fault): the spec's message and a retry. */
  | { state: 'failed'; retry: () => void }
  /**
   * A refusal a retry cannot change (the receipt already used, 10031): the server's message when it is
   * meant for the guest (G8: ui), else none and the screen says the generic one.
   */
  | { state: 'refused'; message: string | null }
  | { state: 'sent'; answer: SubmitResponse }
  /** Nothing stored to send (the guest opened /thank-you without finishing a survey). */
  | { state: 'nothing' };

// One request per guid at a time, shared across mounts: React's development double effects and a quick
// remount must not send the survey twice while the first request is still on its way.
const inFlight = new Map<string, Promise<SubmitResponse>>();

/** Sends the stored create payload once and keeps the answer in the session. */
async function send(api: WebApi): Promise<SubmitResponse> {
  const session = useGuestSession.getState();
  const payload = session.createPayload;
  const templateId = session.surveyInProgress ?? session.config?.surveys?.[0]?.templateId;
  if (!payload || templateId === undefined) throw new Error('No survey to submit');
  const running = inFlight.get(payload.guid);
  if (running) return running;
  const request = api
    .submitSurvey(session.slug ?? '', currentLanguage(), session.branchId, templateId, payload)
    .then((answer) => {
      // The survey is over (G4 "Survey in progress"); the payload stays for the record of the visit.
      useGuestSession.getState().update({ submitted: answer, surveyInProgress: null });
      return answer;
    })
    .finally(() => inFlight.delete(payload.guid));
  inFlight.set(payload.guid, request);
  return request;
}

/** G8: the server's message only when it is meant for the guest. */
function guestMessage(error: unknown): string | null {
  const failure = error as { ui?: unknown; message?: unknown } | null;
  return failure?.ui === true && typeof failure.message === 'string' ? failure.message : null;
}

/**
 * G7, G8: submits the survey the questions screen finished. An answer already in the session (a reload
 * after success) is shown without sending again; a failure offers a retry, which sends the same payload
 * and so the same guid, which the server treats as the same response.
 */
export function useSubmission(): Submission {
  const api = useApi();
  const stored = useGuestSession((session) => session.submitted);
  const hasPayload = useGuestSession((session) => session.createPayload !== null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (stored || !hasPayload) return;
    // `attempt` restarts the effect for a retry.
    void attempt;
    let current = true;
    setFailure(null);
    send(api).catch((error: unknown) => {
      logError('The survey could not be submitted', { error: String(error) });
      if (current) setFailure({ error });
    });
    return () => {
      current = false;
    };
  }, [api, stored, hasPayload, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  if (stored) return { state: 'sent', answer: stored };
  if (!hasPayload) return { state: 'nothing' };
  if (!failure) return { state: 'sending' };
  if (isRetryable(failure.error)) return { state: 'failed', retry };
  return { state: 'refused', message: guestMessage(failure.error) };
}
