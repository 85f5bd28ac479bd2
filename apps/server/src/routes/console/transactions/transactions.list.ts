import { dataEnvelope, tillChecksPageSchema, tillChecksQuerySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRecentChecks } from '../../../services/till';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/transactions (issue 31 item 4, decision 0260): a branch's stored till checks, newest first,
 * for the survey preview's Engine panel; anyone who sees the branch (O1.1), never a receipt PIN (O15.47).
 */
export const transactionsListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/transactions',
    {
      schema: consoleSchema("A branch's stored till checks, newest first, with their lines", {
        querystring: tillChecksQuerySchema,
        response: { 200: dataEnvelope(tillChecksPageSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await listRecentChecks(db, request.operator, request.query) }),
  );
};
