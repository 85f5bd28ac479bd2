import { dataEnvelope, inboxPageSchema, inboxQuerySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listInbox } from '../../../services/inbox';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/responses: the inbox, newest visit first, filtered in the database (O6.1–O6.9), paged by
 * an opaque cursor; what the operator may see only (O1.1, O1.4).
 */
export const responsesListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/responses',
    {
      schema: consoleSchema('The inbox: responses, newest visit first, filtered', {
        querystring: inboxQuerySchema,
        response: { 200: dataEnvelope(inboxPageSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await listInbox(db, request.operator, request.query) }),
  );
};
