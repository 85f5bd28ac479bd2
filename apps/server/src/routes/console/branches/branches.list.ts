import { consoleBranchSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listBranches } from '../../../services/setup/branches';
import { type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/branches: the branches the operator may see (O1.4), by name. */
export const branchesListRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.get(
    '/branches',
    {
      schema: consoleSchema('The branches the operator may see', {
        response: {
          200: dataEnvelope(z.object({ items: z.array(consoleBranchSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => ({ data: { items: await listBranches(setupContext(deps, request)) } }),
  );
};
