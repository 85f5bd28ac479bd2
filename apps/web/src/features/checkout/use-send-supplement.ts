import type { SupplementPayload } from '@venue-voice/domain';
import { useCallback } from 'react';
import { useApi } from '../../platform/api-context';
import { currentLanguage } from '../../platform/i18n';
import { useQueuedResponse, useResponseCredentials } from '../../shared/after-survey';
import { useGuestSession } from '../../shared/session/session-store';

/**
 * A tablet keeps the details in its queue, merged into the response's queued supplement (D4.36, D4.38),
 * and sends them after the create with the id and secret its answer brings (G2.43). The queue is loaded
 * only on a tablet.
 */
async function queueSupplement(response: string, payload: SupplementPayload): Promise<void> {
  const { queueRequest } = await import('../device-queue');
  const outcome = await queueRequest({ kind: 'supplement', response, payload: { ...payload } });
  if (outcome.status === 'refused') throw new Error(`The tablet did not keep the details: ${outcome.reason}`);
}

export interface SupplementSender {
  /** There is a response to add to: the create was answered, or (on a tablet) it is in the queue. */
  ready: boolean;
  /** On a tablet the details are saved in its queue, not sent: the screens say "saved". */
  queued: boolean;
  /** Sends (or queues) the supplement and records in the session that the checkout's form was sent. */
  send(payload: SupplementPayload): Promise<void>;
}

/** How the checkout's forms (contact details, complaint contact) add to the response: one way for both. */
export function useSendSupplement(): SupplementSender {
  const api = useApi();
  const credentials = useResponseCredentials();
  const queued = useQueuedResponse();
  const slug = useGuestSession((session) => session.slug) ?? '';
  const send = useCallback(
    async (payload: SupplementPayload) => {
      if (queued) await queueSupplement(queued, payload);
      else if (credentials) await api.supplement(slug, currentLanguage(), credentials, payload);
      else throw new Error('No response to add the details to');
      useGuestSession.getState().update({ contactSent: true });
    },
    [api, credentials, queued, slug],
  );
  return { ready: credentials !== null || queued !== null, queued: queued !== null, send };
}
