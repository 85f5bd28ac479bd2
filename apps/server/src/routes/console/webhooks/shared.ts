import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import type { TargetPolicy, WebhookSender } from '../../../services/webhooks';
import type { ConsoleRouteDeps } from '../shared';

/** What app.ts gives the webhook calls: who may be a target (config), and the sender a test kicks. */
export interface WebhookRouteOptions {
  policy: TargetPolicy;
  sender: WebhookSender;
}

export type WebhookRouteDeps = ConsoleRouteDeps & WebhookRouteOptions;

export const webhookParams = z.object({ id: idPathParam() });
