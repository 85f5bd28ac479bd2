import { dataEnvelope, reportBranchesQuerySchema, reportBranchesSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportBranches } from '../../../services/reports/branches';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/reports/branches: the operator's branches ranked (O5.11), each beside its period before. */
export const reportsBranchesRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/reports/branches',
    {
      schema: consoleSchema('The branches ranked, with the period before', {
        querystring: reportBranchesQuerySchema,
        response: { 200: dataEnvelope(reportBranchesSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await reportBranches({ db, operator: request.operator }, request.query) }),
  );
};
