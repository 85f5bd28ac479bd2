import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteWebhook } from '../../../services/webhooks';
import { consoleErrorResponses, consoleSchema, ownerChange } from '../shared';
import { type WebhookRouteDeps, webhookParams } from './shared';

/** DELETE /console/webhooks/{id} (owner): the webhook, its pending deliveries and its log. */
export const webhooksDeleteRoute: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  app.delete(
    '/webhooks/:id',
    {
      schema: consoleSchema('Delete a webhook with its delivery log (owner)', {
        params: webhookParams,
        response: { 200: dataEnvelope(z.object({})), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      await deleteWebhook(ownerChange(deps, request.operator), request.params.id);
      return { data: {} };
    },
  );
};
