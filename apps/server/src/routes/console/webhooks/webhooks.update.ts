import { dataEnvelope, webhookUpdateSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateWebhook } from '../../../services/webhooks';
import { consoleErrorResponses, consoleSchema, ownerChange } from '../shared';
import { type WebhookRouteDeps, webhookParams } from './shared';

/** PATCH /console/webhooks/{id} {events?, active?} (owner); a disabled webhook holds its deliveries. */
export const webhooksUpdateRoute: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  app.patch(
    '/webhooks/:id',
    {
      schema: consoleSchema('Change a webhook’s events or enable/disable it (owner)', {
        params: webhookParams,
        body: webhookUpdateSchema,
        response: { 200: dataEnvelope(z.object({})), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      await updateWebhook(ownerChange(deps, request.operator), request.params.id, request.body);
      // Enabled again: what it held is due.
      if (request.body.active) deps.sender.kick();
      return { data: {} };
    },
  );
};
