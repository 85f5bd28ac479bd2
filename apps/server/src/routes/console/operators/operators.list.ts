import { dataEnvelope, operatorListItemSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOperators } from '../../../services/operators/manage';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, requireOwner } from '../shared';

/** GET /console/operators: the company's operators, their roles, branches and whether they have signed up (owner). */
export const operatorsListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/operators',
    {
      schema: consoleSchema("The company's operators (owner)", {
        response: {
          200: dataEnvelope(z.object({ items: z.array(operatorListItemSchema) })),
          ...consoleErrorResponses,
        },
      }),
    },
    async (request) => {
      requireOwner(request.operator);
      return { data: { items: await listOperators(db, request.operator.companyId) } };
    },
  );
};
