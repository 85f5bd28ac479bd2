import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { removeOperator } from '../../../services/operators/manage';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema, ownerChange } from '../shared';
import { operatorParams } from './shared';

/** DELETE /console/operators/{id}: remove an operator (owner); their sessions end at once. */
export const operatorsDeleteRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.delete(
    '/operators/:id',
    {
      schema: consoleSchema('Remove an operator (owner); not yourself, not the last owner', {
        params: operatorParams,
        response: { 200: dataEnvelope(z.object({})), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      await removeOperator(ownerChange(deps, request.operator), request.params.id);
      return { data: {} };
    },
  );
};
