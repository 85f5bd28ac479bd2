import { dataEnvelope, dishTrendQuerySchema, dishTrendSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainText } from '../../../lib/params';
import { dishTrend } from '../../../services/reports/dish-trend';
import { reportScope } from '../../../services/reports/scope';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

const params = z.object({
  ref: plainText(100).min(1).describe('The product’s ref (menu item object number)'),
});

/** GET /console/reports/dishes/{ref}/trend: one dish's ratings and shares per day, week or month. */
export const reportsDishTrendRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/reports/dishes/:ref/trend',
    {
      schema: consoleSchema('How one dish moves over time', {
        params,
        querystring: dishTrendQuerySchema,
        response: { 200: dataEnvelope(dishTrendSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const scope = await reportScope(db, request.operator, request.query);
      return { data: await dishTrend(db, scope, request.params.ref, request.query.bucket) };
    },
  );
};
