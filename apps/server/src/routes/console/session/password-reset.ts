import { dataEnvelope, passwordResetBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAnswer } from '../../../lib/after-answer';
import { requestPasswordReset } from '../../../services/operators/password-reset';
import { siteOrigin } from '../guards';
import { type ConsoleRouteDeps, consoleSchema, limitedErrorResponses } from '../shared';

/**
 * POST /console/password-reset: always 200 {data:{}} (it never says whether the e-mail is an operator's);
 * an operator's e-mail gets a one-time reset link. Limited per address and per e-mail (O2.4).
 */
export const passwordResetRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  const mails = afterAnswer();
  app.addHook('onClose', mails.settle);
  app.post(
    '/password-reset',
    {
      config: { consolePublic: true },
      schema: consoleSchema('Ask for a password reset link by e-mail', {
        body: passwordResetBodySchema,
        response: { 200: dataEnvelope(z.object({})), ...limitedErrorResponses },
      }),
    },
    async (request) => {
      const work = await requestPasswordReset(
        {
          db: deps.db,
          mailer: deps.mailer,
          limiter: deps.authLimiter,
          log: request.log,
          now: deps.clock.now(),
        },
        { email: request.body.email, address: request.ip, origin: siteOrigin(request, deps.publicUrl) },
      );
      mails.run(request.log, 'password reset mail', work);
      return { data: {} };
    },
  );
};
