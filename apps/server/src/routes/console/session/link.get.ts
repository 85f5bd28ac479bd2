import { dataEnvelope, linkInfoSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findLink } from '../../../services/operators/links';
import { deadLink } from '../../../services/operators/use-link';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';
import { isLinkToken, linkParams } from './link-params';

/** GET /console/links/{token}: what a one-time link is for, or 404 10014 when unknown, used or expired. */
export const linkGetRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db, clock }) => {
  app.get(
    '/links/:token',
    {
      config: { consolePublic: true },
      schema: consoleSchema('What an invitation or reset link is for', {
        params: linkParams,
        response: { 200: dataEnvelope(linkInfoSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const { token } = request.params;
      const link = isLinkToken(token) ? await findLink(db, token, clock.now()) : null;
      if (!link) throw deadLink();
      const { purpose, email, name, companyName } = link;
      return { data: { purpose, email, name, companyName } };
    },
  );
};
