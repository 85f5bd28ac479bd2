import { dataEnvelope, digestScheduleSchema, digestSettingSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveDigestSetting } from '../../../services/digests';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/**
 * PUT /console/me/digest: sets the operator's own digest (weekly on a weekday, daily, or off, at an
 * hour); any role may, since it only mails them what they already see. Answers as GET does.
 */
export const meDigestUpdateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.put(
    '/me/digest',
    {
      schema: consoleSchema('Set your digest e-mail', {
        body: digestScheduleSchema,
        response: { 200: dataEnvelope(digestSettingSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: await saveDigestSetting(deps.db, request.operator, request.body, deps.clock.now()),
    }),
  );
};
