import { consoleOperatorSchema, dataEnvelope, linkUseBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOperator } from '../../../services/operators/principal';
import { deadLink, useLink } from '../../../services/operators/use-link';
import { setSessionCookie } from '../session-cookie';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { isLinkToken, linkParams } from './link-params';

/**
 * POST /console/links/{token}: sets the password (12–256 characters), uses the link up, ends the other
 * sessions on a reset, and signs the operator in (the cookie).
 */
export const linkUseRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.post(
    '/links/:token',
    {
      config: { consolePublic: true },
      schema: consoleSchema('Use an invitation or reset link: set the password and sign in', {
        params: linkParams,
        body: linkUseBodySchema,
        response: {
          200: dataEnvelope(z.object({ operator: consoleOperatorSchema })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request, reply) => {
      const { token } = request.params;
      if (!isLinkToken(token)) throw deadLink();
      const { operator, session } = await useLink(db, token, request.body, clock.now());
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { data: { operator: publicOperator(operator) } };
    },
  );
};
