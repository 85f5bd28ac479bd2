import { dataEnvelope, errorEnvelopeSchema, pullPageSchema, pullQuerySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pullResponses } from '../../../services/integrations';
import type { IntegrationRouteDeps } from '..';

/**
 * GET /integrations/responses (scope responses:read): the key's company's responses for BI tools, new
 * or changed since the cursor, oldest first (decision 0242; docs/integrations.md).
 */
export const responsesPullRoute: FastifyPluginAsyncZod<IntegrationRouteDeps> = async (app, { db, clock }) => {
  app.get(
    '/responses',
    {
      config: { scope: 'responses:read' },
      schema: {
        tags: ['integrations'],
        summary: 'Responses for BI tools, incrementally (scope responses:read)',
        querystring: pullQuerySchema,
        response: {
          200: dataEnvelope(pullPageSchema),
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          500: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      data: await pullResponses(db, request.integration.companyId, request.query, clock.now()),
    }),
  );
};
