import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorActor, recordAudit } from '../../../services/audit/record';
import { endOperatorSessions } from '../../../services/operators/sessions';
import { clearSessionCookie } from '../session-cookie';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** DELETE /console/sessions: sign out everywhere; every session of this operator ends, this one too. */
export const sessionsDeleteRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.delete(
    '/sessions',
    {
      schema: consoleSchema('Sign out everywhere (every session of this operator ends)', {
        response: { 200: dataEnvelope(z.object({ ended: z.number().int() })), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const { operator } = request;
      const ended = await db.transaction(async (tx) => {
        const count = await endOperatorSessions(tx, operator.id);
        await recordAudit(tx, {
          companyId: operator.companyId,
          actor: operatorActor(operator),
          action: 'operator.sign-out-everywhere',
          subjectType: 'operator',
          subjectId: operator.id,
          detail: { sessions: count },
          at: clock.now(),
        });
        return count;
      });
      clearSessionCookie(request, reply);
      return { data: { ended } };
    },
  );
};
