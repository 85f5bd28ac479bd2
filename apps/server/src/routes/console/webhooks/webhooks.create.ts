import { dataEnvelope, webhookCreateSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createWebhook } from '../../../services/webhooks';
import { consoleErrorResponses, consoleSchema, ownerChange } from '../shared';
import type { WebhookRouteDeps } from './shared';

/**
 * POST /console/webhooks {url, events} (owner): 201 with the id and the signing secret, shown this once.
 * A URL that is not https, or whose host is or resolves to a private address, is 400 10009
 * (`detail.reason`), unless WEBHOOK_ALLOW_PRIVATE=1.
 */
export const webhooksCreateRoute: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  app.post(
    '/webhooks',
    {
      schema: consoleSchema('Add a webhook (owner); its secret is shown once', {
        body: webhookCreateSchema,
        response: {
          201: dataEnvelope(z.object({ id: z.number().int(), secret: z.string() })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request, reply) => {
      const created = await createWebhook(ownerChange(deps, request.operator), request.body, deps.policy);
      return reply.status(201).send({ data: created });
    },
  );
};
