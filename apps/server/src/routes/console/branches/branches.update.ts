import { branchBodySchema, consoleBranchSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateBranch } from '../../../services/setup/branches';
import { idParams, type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/** PATCH /console/branches/{id} (a manager of it or the owner, O1.2): what the body names, O3.5–O3.8 checked. */
export const branchesUpdateRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.patch(
    '/branches/:id',
    {
      schema: consoleSchema('Change a branch', {
        params: idParams,
        body: branchBodySchema,
        response: { 200: dataEnvelope(z.object({ branch: consoleBranchSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const ctx = setupContext(deps, request);
      const { branch } = await updateBranch(ctx, request.params.id, request.body);
      deps.onCompanyChange(ctx.operator.companyId);
      return { data: { branch } };
    },
  );
};
