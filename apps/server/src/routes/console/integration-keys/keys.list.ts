import { dataEnvelope, integrationKeySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listKeys } from '../../../services/integrations';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, requireOwner } from '../shared';

/** GET /console/integration-keys (owner): the company's keys, revoked ones too; never a key or its hash. */
export const keysListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/integration-keys',
    {
      schema: consoleSchema("The company's integration keys (owner)", {
        response: {
          200: dataEnvelope(z.object({ items: z.array(integrationKeySchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      requireOwner(request.operator);
      return { data: { items: await listKeys(db, request.operator.companyId) } };
    },
  );
};
