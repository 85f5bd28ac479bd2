import { caseDetailSchema, casePatchSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { changeCase } from '../../../services/cases';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * PATCH /console/cases/{id} {status?, ownerId?, dueOn?}: each change a case event; resolving stamps the
 * time and queues case.resolved. Managers of the branch and owners; a viewer 403 10034.
 */
export const casesUpdateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.patch(
    '/cases/:id',
    {
      schema: consoleSchema('Change a case’s status, owner or due date', {
        params: z.object({ id: idPathParam() }),
        body: casePatchSchema,
        response: { 200: dataEnvelope(z.object({ case: caseDetailSchema })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: {
        case: await changeCase(
          { db, operator: request.operator, now: clock.now() },
          request.params.id,
          request.body,
        ),
      },
    }),
  );
};
