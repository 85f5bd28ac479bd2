import { caseDetailSchema, caseNoteSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { addNote } from '../../../services/cases';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** POST /console/cases/{id}/notes {body}: a note on the case (201 with the case). */
export const casesNoteRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/cases/:id/notes',
    {
      schema: consoleSchema('Add a note to a case', {
        params: z.object({ id: idPathParam() }),
        body: caseNoteSchema,
        response: { 201: dataEnvelope(z.object({ case: caseDetailSchema })), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const ctx = { db, operator: request.operator, now: clock.now() };
      const detail = await addNote(ctx, request.params.id, request.body.body);
      return reply.code(201).send({ data: { case: detail } });
    },
  );
};
