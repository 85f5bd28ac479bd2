import { dataEnvelope, integrationKeySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { revokeKey } from '../../../services/integrations';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, ownerChange } from '../shared';

/**
 * DELETE /console/integration-keys/{id} (owner): revokes the key at once (decision 0241); the row stays,
 * revoked, so the list says when. Another company's key is 404 10014.
 */
export const keysRevokeRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.delete(
    '/integration-keys/:id',
    {
      schema: consoleSchema('Revoke an integration key at once (owner)', {
        params: z.object({ id: idPathParam() }),
        response: { 200: dataEnvelope(z.object({ key: integrationKeySchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { key: await revokeKey(ownerChange(deps, request.operator), request.params.id) },
    }),
  );
};
