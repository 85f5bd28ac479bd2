import { dataEnvelope } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idPathParam } from '../../../lib/params';
import { voucherPools } from '../../../services/voucher-pools';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

const poolSchema = z.object({
  voucherId: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  unused: z.number().int(),
  used: z.number().int(),
  withdrawn: z.number().int(),
});

/** GET /console/surveys/{id}/vouchers: the published survey's vouchers and their code pools (O1.9). */
export const voucherPoolsListRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, deps) => {
  app.get(
    '/surveys/:surveyId/vouchers',
    {
      schema: consoleSchema("A survey's vouchers with how many codes each pool holds", {
        params: z.object({ surveyId: idPathParam() }),
        response: { 200: dataEnvelope(z.object({ items: z.array(poolSchema) })), ...consoleErrorResponses },
      }),
    },
    async (request) => ({
      data: { items: await voucherPools(deps.db, request.operator, request.params.surveyId) },
    }),
  );
};
