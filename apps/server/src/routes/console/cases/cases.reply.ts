import { caseDetailSchema, caseReplySchema, dataEnvelope, errorEnvelopeSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { replyToGuest } from '../../../services/cases';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * POST /console/cases/{id}/reply {subject?, body}: an e-mail to the guest from the venue, kept on the
 * case (201). 403 10034 with `detail.reason` (noContact, noConsent, contactDeleted, noEmail) when it may
 * not be sent; 503 10021 when the mail server did not take it (nothing kept).
 */
export const casesReplyRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (
  app,
  { db, clock, mailer },
) => {
  app.post(
    '/cases/:id/reply',
    {
      schema: consoleSchema('Reply to the guest by e-mail', {
        params: z.object({ id: idPathParam() }),
        body: caseReplySchema,
        response: {
          201: dataEnvelope(z.object({ case: caseDetailSchema })),
          ...consoleErrorResponses,
          503: errorEnvelopeSchema,
        },
      }),
    },
    async (request, reply) => {
      const ctx = { db, operator: request.operator, now: clock.now(), mailer };
      const detail = await replyToGuest(ctx, request.params.id, request.body);
      return reply.code(201).send({ data: { case: detail } });
    },
  );
};
