import { consoleMeSchema, dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeOperator } from '../../../services/operators/me';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/me: who is signed in, their company and the branches they may see. */
export const meGetRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/me',
    {
      schema: consoleSchema('The signed-in operator, their company and branches', {
        response: { 200: dataEnvelope(consoleMeSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => ({ data: await describeOperator(db, request.operator) }),
  );
};
