import { caseCountsSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countCases } from '../../../services/cases';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/cases/counts: how many cases of the branches the operator sees are unresolved, and how
 * many of those overdue at their branch (O14.10), for the console's navigation. The list's scope.
 */
export const casesCountsRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.get(
    '/cases/counts',
    {
      schema: consoleSchema('How many cases wait: unresolved, and overdue among them', {
        response: { 200: dataEnvelope(caseCountsSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await countCases(db, request.operator, clock.now()) }),
  );
};
