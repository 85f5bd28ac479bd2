import { dataEnvelope, digestSettingSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readDigestSetting } from '../../../services/digests';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * GET /console/me/digest: the signed-in operator's own digest setting (weekly Monday 06:00 when never
 * set) and the time zone its hour is read in. Anyone's own only: there is no way to name another.
 */
export const meDigestGetRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/me/digest',
    {
      schema: consoleSchema('Your digest e-mail: how often, which day, which hour', {
        response: { 200: dataEnvelope(digestSettingSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await readDigestSetting(db, request.operator) }),
  );
};
