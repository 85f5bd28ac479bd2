import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * A new signing secret: `whsec_` and the base64 of 32 random bytes, the form the Standard Webhooks
 * libraries take as it is (they base64-decode what follows the prefix).
 */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The Standard Webhooks headers of one attempt. */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs one attempt with the spec's own library (`standardwebhooks`, decision 0245): the id is the
 * delivery's message id, the same on every attempt; the timestamp is the attempt's (seconds), so a
 * receiver's replay window is measured from when it was sent, not from when the event happened.
 */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): SignedHeaders {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
