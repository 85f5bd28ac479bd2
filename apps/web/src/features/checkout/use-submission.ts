import type { CreatePayload, SubmitResponse } from '@venue-voice/domain';
import { useCallback, useEffect, useState } from 'react';
import { analyticsEvent } from '../../platform/analytics';
import type { WebApi } from '../../platform/api';
import { useApi } from '../../platform/api-context';
import { guestMessage, isReceiptUsed, isRetryable } from '../../platform/api-failure';
import { botToken } from '../../platform/bot-protection';
import { isAppMode } from '../../platform/device-session';
import { currentLanguage } from '../../platform/i18n';
import { logError } from '../../platform/log';
import { useGuestSession } from '../../shared/session/session-store';
import { isBotCheckRefusal, withoutReceipt } from './failures';

export type Submission =
  | { state: 'sending' }
  /** A failure a retry can mend (no connection, a server fault): the spec's message and a retry. */
  | { state: 'failed'; retry: () => void }
  /**
   * A refusal a retry cannot change: the server's message when it is meant for the guest (G8: ui), else
   * none and the screen says the generic one. The guest always has a way on (decision 0174): `finish`
   * ends the visit unsent; a receipt already used (10031) can also be left out (`sendWithoutReceipt`).
   */
  | {
      state: 'refused';
      message: string | null;
      receiptUsed: boolean;
      sendWithoutReceipt: (() => void) | null;
      finish: () => void;
    }
  | { state: 'sent'; answer: SubmitResponse }
  /** App mode: kept on the tablet (offline, or no answer yet); the queue sends it later (D4.36). */
  | { state: 'saved' }
  /** Nothing stored to send (the guest opened /checkout without finishing a survey). */
  | { state: 'nothing' };

// One request per guid at a time, shared across mounts: React's development double effects and a quick
// remount must not send the survey twice while the first request is still on its way.
const inFlight = new Map<string, Promise<SubmitResponse | null>>();

/** The answer's bookkeeping, the same for both modes. */
const keepAnswer = (answer: SubmitResponse) => {
  // The survey is over (G4 "Survey in progress"); the payload stays for the record of the visit.
  useGuestSession.getState().update({ submitted: answer, surveyInProgress: null });
  // Once per response: a reload shows the stored answer and never comes here again.
  analyticsEvent('submit-survey');
  return answer;
};

/**
 * A tablet keeps the survey in its offline queue before anything else (D4.36); null when it stays there
 * for now (offline, or the server did not answer while the guest waited). Loaded only in app mode.
 */
async function sendFromTablet(payload: CreatePayload, templateId: number): Promise<SubmitResponse | null> {
  const { submitInAppMode } = await import('../device-queue');
  const result = await submitInAppMode(payload, templateId);
  if (result.state === 'sent') return keepAnswer(result.answer);
  // Kept on the tablet (G2.43): the contact form and the photo queue behind it; a remount does not send again.
  useGuestSession.getState().update({ surveyInProgress: null, savedOnDevice: true });
  return null;
}

/**
 * The web's create: with a fresh bot-protection token when the build has a site key (tokens live two
 * minutes, so one per attempt). No token (no key, or the script blocked or slower than its timeout) sends
 * without one and the server decides (decision 0200).
 */
async function sendFromWeb(api: WebApi, payload: CreatePayload, templateId: number): Promise<SubmitResponse> {
  const { slug, branchId } = useGuestSession.getState();
  const token = await botToken('submit');
  const answer = await api.submitSurvey(slug ?? '', currentLanguage(), branchId, templateId, payload, token);
  return keepAnswer(answer);
}

/** Sends the stored create payload once and keeps the answer in the session; null: saved on the tablet. */
async function send(api: WebApi): Promise<SubmitResponse | null> {
  const session = useGuestSession.getState();
  const payload = session.createPayload;
  const templateId = session.surveyInProgress ?? session.config?.surveys?.[0]?.templateId;
  if (!payload || templateId === undefined) throw new Error('No survey to submit');
  const running = inFlight.get(payload.guid);
  if (running) return running;
  // App mode never asks for a bot-protection token: a tablet is a registered device.
  const request = (
    isAppMode() ? sendFromTablet(payload, templateId) : sendFromWeb(api, payload, templateId)
  ).finally(() => inFlight.delete(payload.guid));
  inFlight.set(payload.guid, request);
  return request;
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
  const saved = useGuestSession((session) => session.savedOnDevice);
  const hasReceipt = useGuestSession((session) => (session.createPayload?.pinCode ?? '') !== '');

  useEffect(() => {
    if (stored || !hasPayload || saved) return;
    // `attempt` restarts the effect for a retry.
    void attempt;
    let current = true;
    setFailure(null);
    // A null answer (saved on the tablet) arrives through the session's savedOnDevice.
    send(api).catch((error: unknown) => {
      logError('The survey could not be submitted', { error: String(error) });
      if (current) setFailure({ error });
    });
    return () => {
      current = false;
    };
  }, [api, stored, hasPayload, saved, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const sendWithoutReceipt = useCallback(() => {
    const { createPayload, update } = useGuestSession.getState();
    if (createPayload) update({ createPayload: withoutReceipt(createPayload) });
    setAttempt((count) => count + 1);
  }, []);
  // Nothing left to send: the checkout goes back to the venue's entry, as for a guest who finished none.
  const finish = useCallback(
    () => useGuestSession.getState().update({ createPayload: null, surveyInProgress: null, surveyRun: null }),
    [],
  );
  if (stored) return { state: 'sent', answer: stored };
  if (!hasPayload) return { state: 'nothing' };
  if (saved) return { state: 'saved' };
  if (!failure) return { state: 'sending' };
  if (isRetryable(failure.error) || isBotCheckRefusal(failure.error)) return { state: 'failed', retry };
  const receiptUsed = isReceiptUsed(failure.error);
  return {
    state: 'refused',
    message: guestMessage(failure.error),
    receiptUsed,
    sendWithoutReceipt: receiptUsed && hasReceipt ? sendWithoutReceipt : null,
    finish,
  };
}
