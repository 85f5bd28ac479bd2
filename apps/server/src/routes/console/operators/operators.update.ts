import { operatorUpdateBodySchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateOperator } from '../../../services/operators/manage';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, ownerChange } from '../shared';
import { operatorAnswer, operatorParams } from './shared';

/** PATCH /console/operators/{id}: change an operator's role, branches or name (owner); applies on their next request. */
export const operatorsUpdateRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.patch(
    '/operators/:id',
    {
      schema: consoleSchema("Change an operator's role, branches or name (owner)", {
        params: operatorParams,
        body: operatorUpdateBodySchema,
        response: { 200: operatorAnswer, ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const ctx = ownerChange(deps, request.operator);
      return { data: { operator: await updateOperator(ctx, request.params.id, request.body) } };
    },
  );
};
