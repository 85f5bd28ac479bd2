import { dataEnvelope, WEBHOOK_LOG_PAGE, webhookDeliverySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryLog } from '../../../services/webhooks';
import { consoleErrorResponses, consoleSchema, requireOwner } from '../shared';
import { type WebhookRouteDeps, webhookParams } from './shared';

const querySchema = z
  .object({
    /** The page after this delivery id (the last page's nextCursor). */
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(WEBHOOK_LOG_PAGE.max).optional(),
  })
  .strict();

/** GET /console/webhooks/{id}/deliveries?cursor=&limit= (owner): the delivery log, newest first. */
export const webhooksDeliveriesRoute: FastifyPluginAsyncZod<WebhookRouteDeps> = async (app, deps) => {
  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: consoleSchema('A webhook’s delivery log, newest first, with every attempt (owner)', {
        params: webhookParams,
        querystring: querySchema,
        response: {
          200: dataEnvelope(
            z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() }),
          ),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      requireOwner(request.operator);
      const { cursor, limit } = request.query;
      const page = await deliveryLog(deps.db, request.operator.companyId, request.params.id, {
        before: cursor ? Number(cursor) : undefined,
        limit,
      });
      return { data: page };
    },
  );
};
