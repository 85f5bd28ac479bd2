import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebhookRouteDeps } from './shared';
import { webhooksCreateRoute } from './webhooks.create';
import { webhooksDeleteRoute } from './webhooks.delete';
import { webhooksDeliveriesRoute } from './webhooks.deliveries';
import { webhooksListRoute } from './webhooks.list';
import { webhooksSendTestRoute } from './webhooks.send-test';
import { webhooksUpdateRoute } from './webhooks.update';

export type { WebhookRouteOptions } from './shared';

/** The company's webhooks (issue 30 item 4; owner only): add, list, change, delete, test, read the log. */
export const webhooksRoutes: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, options) => {
  const { db, clock, authLimiter, publicUrl, mailer, policy, sender } = options;
  const deps: WebhookRouteDeps = { db, clock, authLimiter, publicUrl, mailer, policy, sender };
  await app.register(webhooksCreateRoute, deps);
  await app.register(webhooksListRoute, deps);
  await app.register(webhooksUpdateRoute, deps);
  await app.register(webhooksDeleteRoute, deps);
  await app.register(webhooksDeliveriesRoute, deps);
  await app.register(webhooksSendTestRoute, deps);
};
