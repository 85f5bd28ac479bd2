import { dataEnvelope, webhookSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listWebhooks } from '../../../services/webhooks';
import { consoleErrorResponses, consoleSchema, requireOwner } from '../shared';
import type { WebhookRouteDeps } from './shared';

/** GET /console/webhooks (owner): the company's webhooks, without their secrets. */
export const webhooksListRoute: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  app.get(
    '/webhooks',
    {
      schema: consoleSchema('The company’s webhooks (owner)', {
        response: {
          200: dataEnvelope(z.object({ items: z.array(webhookSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      requireOwner(request.operator);
      return { data: { items: await listWebhooks(deps.db, request.operator.companyId) } };
    },
  );
};
