import { consoleMeSchema, dataEnvelope, meUpdateBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeOperator } from '../../../services/operators/me';
import { findOperator, toConsoleOperator } from '../../../services/operators/principal';
import { updateProfile } from '../../../services/operators/profile';
import { sessionToken } from '../session-cookie';
import { type ConsoleRouteDeps, consoleSchema, limitedErrorResponses } from '../shared';

/**
 * PATCH /console/me: the operator's own name, language, and password (with the current one; the other
 * sessions end). Answers as GET /me does.
 */
export const meUpdateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.patch(
    '/me',
    {
      schema: consoleSchema('Change your name, language or password', {
        body: meUpdateBodySchema,
        response: { 200: dataEnvelope(consoleMeSchema), ...limitedErrorResponses },
      }),
    },
    async (request) => {
      const { db } = deps;
      await updateProfile(
        { db, limiter: deps.authLimiter, log: request.log, now: deps.clock.now() },
        request.operator,
        request.body,
        sessionToken(request),
      );
      const row = await findOperator(db, request.operator.id);
      const operator = row ? await toConsoleOperator(db, row) : request.operator;
      return { data: await describeOperator(db, operator) };
    },
  );
};
