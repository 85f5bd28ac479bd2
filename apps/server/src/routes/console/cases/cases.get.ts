import { caseDetailSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { getCase } from '../../../services/cases';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/cases/{id}: the case, its events oldest first, the response's headline, and what the
 * operator may do (`canChange`, `canReply` or `replyRefusal`); 404 10014 for a case they may not see.
 */
export const casesGetRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.get(
    '/cases/:id',
    {
      schema: consoleSchema('One case with its events', {
        params: z.object({ id: idPathParam() }),
        response: { 200: dataEnvelope(z.object({ case: caseDetailSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { case: await getCase(db, request.operator, request.params.id, clock.now()) },
    }),
  );
};
