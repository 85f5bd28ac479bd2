import { consoleBranchSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBranch } from '../../../services/setup/branches';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/branches/{id}: a branch the operator may see, else 404 10012. */
export const branchesGetRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.get(
    '/branches/:id',
    {
      schema: consoleSchema('One branch', {
        params: idParams,
        response: { 200: dataEnvelope(z.object({ branch: consoleBranchSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { branch: await getBranch(setupContext(deps, request), request.params.id) },
    }),
  );
};
