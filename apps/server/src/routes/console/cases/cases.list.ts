import { caseListQuerySchema, casePageSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCases } from '../../../services/cases';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/cases?status=&branchId=&ownerId=&cursor=: the cases of the branches the operator sees,
 * unresolved by default (oldest first), each with its age, owner, due day and the response's headline.
 */
export const casesListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.get(
    '/cases',
    {
      schema: consoleSchema('Cases: open ones by default, per branch, with their age', {
        querystring: caseListQuerySchema,
        response: { 200: dataEnvelope(casePageSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await listCases(db, request.operator, request.query, clock.now()) }),
  );
};
