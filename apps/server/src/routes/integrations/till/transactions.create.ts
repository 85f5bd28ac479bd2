import { dataEnvelope, tillCheckAnswerSchema, tillCheckSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeCheck } from '../../../services/till';
import type { IntegrationRouteDeps } from '../index';
import { tillErrorResponses, tillSchema } from './shared';

/**
 * POST /integrations/transactions (scope transactions:write): a till's check. The same branch and check
 * id again updates it (O12.1) until a response uses it (409 10031); 201 when created, 200 when updated.
 */
export const transactionsCreateRoute: FastifyPluginAsyncZod<IntegrationRouteDeps> = async (app, deps) => {
  app.post(
    '/transactions',
    {
      config: { scope: 'transactions:write' },
      schema: tillSchema("Store a till's check (idempotent by branch and check id)", {
        body: tillCheckSchema,
        response: {
          200: dataEnvelope(tillCheckAnswerSchema),
          201: dataEnvelope(tillCheckAnswerSchema),
          ...tillErrorResponses,
        },
      }),
    },
    async (request, reply) => {
      const stored = await storeCheck(deps.db, request.integration.companyId, request.body, deps.clock.now());
      return reply.code(stored.created ? 201 : 200).send({ data: stored });
    },
  );
};
