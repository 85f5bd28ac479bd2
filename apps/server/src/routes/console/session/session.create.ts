import { consoleOperatorSchema, dataEnvelope, signInBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOperator } from '../../../services/operators/principal';
import { signIn } from '../../../services/operators/sign-in';
import { setSessionCookie } from '../session-cookie';
import { type ConsoleRouteDeps, consoleSchema, limitedErrorResponses } from '../shared';

/** POST /console/session: sign in with e-mail and password (O2.4's limits); the answer sets the cookie. */
export const sessionCreateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.post(
    '/session',
    {
      config: { consolePublic: true },
      schema: consoleSchema('Sign in (sets the vv_console cookie)', {
        body: signInBodySchema,
        response: {
          200: dataEnvelope(z.object({ operator: consoleOperatorSchema })),
          ...limitedErrorResponses,
        },
      }),
    },
    async (request, reply) => {
      const { operator, session } = await signIn(
        { db: deps.db, limiter: deps.authLimiter, log: request.log, now: deps.clock.now() },
        { ...request.body, address: request.ip },
      );
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { data: { operator: publicOperator(operator) } };
    },
  );
};
