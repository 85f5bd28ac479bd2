import {
  dataEnvelope,
  integrationKeyCreateBodySchema,
  integrationKeyCreatedSchema,
} from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createKey } from '../../../services/integrations';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, ownerChange } from '../shared';

/**
 * POST /console/integration-keys (owner): a key with its scopes (O11.1–O11.2); 201 with the key, shown
 * this once: only its SHA-256 is stored.
 */
export const keysCreateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.post(
    '/integration-keys',
    {
      schema: consoleSchema('Make an integration key (owner); the key is answered this once', {
        body: integrationKeyCreateBodySchema,
        response: { 201: dataEnvelope(integrationKeyCreatedSchema), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const created = await createKey(ownerChange(deps, request.operator), request.body);
      return reply.status(201).send({ data: created });
    },
  );
};
