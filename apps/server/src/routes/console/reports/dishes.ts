import { dataEnvelope, dishReportQuerySchema, dishReportSchema } from '@venue-voice/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dishReport } from '../../../services/reports/dishes';
import { reportScope } from '../../../services/reports/scope';
import { type ConsoleRouteDeps, consoleErrorResponses, consoleSchema } from '../shared';

/** GET /console/reports/dishes: per product, family or major group, ratings, shares and top reasons. */
export const reportsDishesRoute: FastifyPluginAsyncZod<ConsoleRouteDeps> = async (app, { db }) => {
  app.get(
    '/reports/dishes',
    {
      schema: consoleSchema('The dish report: how guests rated each dish, or each group of dishes', {
        querystring: dishReportQuerySchema,
        response: { 200: dataEnvelope(dishReportSchema), ...consoleErrorResponses },
      }),
    },
    async (request) => {
      const scope = await reportScope(db, request.operator, request.query);
      return { data: await dishReport(db, scope, request.query.group) };
    },
  );
};
