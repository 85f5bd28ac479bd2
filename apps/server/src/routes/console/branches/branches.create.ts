import { branchBodySchema, consoleBranchSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBranch } from '../../../services/setup/branches';
import { type SetupRouteDeps, setupContext } from '../setup';
import { consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/branches (owner, O1.3): a new branch (name and time zone required, O3.5–O3.8), serving
 * the surveys named or every active one, with its device passcode answered once (decision 0211).
 */
export const branchesCreateRoute: FastifyPluginAsyncZod<SetupRouteDeps> = async (app, deps) => {
  app.post(
    '/branches',
    {
      schema: consoleSchema('Add a branch (owner); answers its device passcode once', {
        body: branchBodySchema,
        response: {
          201: dataEnvelope(z.object({ branch: consoleBranchSchema, passcode: z.string() })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request, reply) => {
      const ctx = { ...setupContext(deps, request), passcodeKey: deps.passcodeKey };
      const { branch, passcode } = await createBranch(ctx, request.body);
      deps.onCompanyChange(ctx.operator.companyId);
      return reply.status(201).send({ data: { branch, passcode } });
    },
  );
};
