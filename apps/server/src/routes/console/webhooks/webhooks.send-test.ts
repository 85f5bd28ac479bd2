import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queueTestEvent } from '../../../services/webhooks';
import { consoleErrorResponses, consoleSchema, ownerChange } from '../shared';
import { type WebhookRouteDeps, webhookParams } from './shared';

/**
 * POST /console/webhooks/{id}/test (owner): queues a `webhook.test` event to this webhook and sends it
 * at once; 202 with the delivery, whose outcome the delivery log shows.
 */
export const webhooksSendTestRoute: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  app.post(
    '/webhooks/:id/test',
    {
      schema: consoleSchema('Send a test event to a webhook (owner)', {
        params: webhookParams,
        response: {
          202: dataEnvelope(z.object({ deliveryId: z.number().int(), messageId: z.string() })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request, reply) => {
      const queued = await queueTestEvent(ownerChange(deps, request.operator), request.params.id);
      deps.sender.kick();
      return reply.status(202).send({ data: queued });
    },
  );
};
