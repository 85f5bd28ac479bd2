import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endSession } from '../../../services/operators/sessions';
import { clearSessionCookie, sessionToken } from '../session-cookie';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** DELETE /console/session: sign out of this browser (its session row goes, the cookie is cleared). */
export const sessionDeleteRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.delete(
    '/session',
    {
      schema: consoleSchema('Sign out', {
        response: { 200: dataEnvelope(z.object({})), ...consoleErrorResponses },
      }),
    },
    async (request, reply) => {
      const token = sessionToken(request);
      if (token) await endSession(db, token);
      clearSessionCookie(request, reply);
      return { data: {} };
    },
  );
};
